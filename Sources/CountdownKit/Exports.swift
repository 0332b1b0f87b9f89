public import CountdownCore
