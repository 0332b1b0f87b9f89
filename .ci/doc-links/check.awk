# Resolves every symbol link (``…``) of the comments of Swift files, and of the documentation
# catalog's articles, against the declarations of the package's own sources, for
# .ci/check-doc-links. Run as
#   awk -f check.awk MANIFEST FILE...
# where MANIFEST is the package's Package.swift and every FILE is under Sources/<module>/ (Swift
# files, and the .md files of a .docc catalog). `-v list=1` prints the declarations instead.
# Prints each link that names nothing as `file:line: dangling link ``…```, then a summary line;
# exits 1 if any link dangles, 2 if a file could not be read as Swift (unbalanced braces).
#
# The declarations: every type (struct, class, enum, protocol, actor), and every member declared
# directly in a type's or an extension's body: functions, initializers and subscripts with their
# argument labels as DocC spells them (`register(_:at:)`, `init(seconds:)`, `subscript(_:)`),
# enum cases (with their associated values' labels: `windows(_:_:)`), properties, type aliases
# and associated types. Every `#if` branch counts, compiled here or not. Function bodies are
# skipped, so local names are not symbols.
#
# The links: those of `///` and `//` comments (not those of code blocks in them), and those of
# the articles (not those of their code blocks). A link resolves as DocC resolves it: a path whose
# first component is a module name is looked up from that module's top level; any other from the
# documented symbol outward: the type a comment documents (its members), the type the comment is
# in and each type enclosing it, then the top level. A comment inside a function body belongs to
# the type around the function. A member is also found through a protocol its type conforms to.
# Disambiguation suffixes (`-swift.struct`, `-3h5kd`, `-(Int)`) are ignored (DocC checks those of
# public symbols). A link without a module name resolves in its own module (an article's: the
# module of its catalog); one that starts with a module name, in that module, which must be one
# its target depends on in Package.swift (transitively): DocC does not report a dangling link into
# another module. `<doc:Name>` links must name an article of the same module's catalog.

function reset_file() {
  sp = 0; mode = ""; prop_open = 0; saw_static = 0; block_depth = 0; in_multi = 0; in_fence = 0
  npending = 0; prev = ""; unbalanced = 0
  module = FILENAME
  sub(/^(.*\/)?Sources\//, "", module)
  sub(/\/.*$/, "", module)
  modules[module] = 1
}

BEGIN {
  RAW_TYPES = "^(String|Character|Int|Int8|Int16|Int32|Int64|UInt|UInt8|UInt16|UInt32|UInt64|Double|Float)$"
  # Members the compiler synthesizes, or the standard library and Foundation give, for a
  # conformance: a link to them through a conforming type of the package resolves.
  n = split("Hashable/hash(into:) Hashable/hashValue Encodable/encode(to:) Decodable/init(from:) " \
    "Codable/encode(to:) Codable/init(from:) Error/localizedDescription CaseIterable/allCases " \
    "RawRepresentable/rawValue RawRepresentable/init(rawValue:) CodingKey/stringValue " \
    "CodingKey/intValue CodingKey/init(stringValue:) CodingKey/init(intValue:)", builtin, " ")
  for (i = 1; i <= n; i++) { split(builtin[i], parts, "/"); synthesized[parts[1] SUBSEP parts[2]] = 1 }
}

# ---- Package.swift: each target's dependencies -------------------------------------------------

function parse_package(text,    rest, name, deps, n, i, parts, chunk) {
  # Cut the text at each target declaration; each chunk holds one target's name and arguments.
  n = split(text, parts, /\.(target|executableTarget|testTarget|macro|plugin)\(/)
  for (i = 2; i <= n; i++) {
    chunk = parts[i]
    if (!match(chunk, /name: *"[^"]+"/)) continue
    name = substr(chunk, RSTART, RLENGTH)
    sub(/^name: *"/, "", name); sub(/"$/, "", name)
    deps = ""
    if (match(chunk, /dependencies: *\[[^]]*\]/)) {
      deps = substr(chunk, RSTART, RLENGTH)
      sub(/^dependencies: *\[/, "", deps); sub(/\]$/, "", deps)
      gsub(/\.(product|target|byName)\(name: */, "", deps)
      gsub(/, *package: *"[^"]*" *\)/, "", deps)
      gsub(/[" )]/, "", deps)
    }
    direct[name] = deps
  }
}

# The modules a link in `m` reaches: `m` and what it depends on, transitively (space-separated).
function reachable(m,    queue, seen, out, head, cur, n, i, d) {
  if (m in reach) return reach[m]
  queue[1] = m; n = 1; head = 1; seen[m] = 1; out = ""
  while (head <= n) {
    cur = queue[head++]
    out = out " " cur
    if (!(cur in direct)) continue
    split(direct[cur], d, ",")
    for (i in d) if (d[i] != "" && !(d[i] in seen)) { seen[d[i]] = 1; queue[++n] = d[i] }
  }
  reach[m] = substr(out, 2)
  return reach[m]
}

# ---- Swift: comments and strings out of the code -------------------------------------------------

# Returns the code of `s` with comments removed and string literals emptied; sets `comment` to the
# text of a `//` comment on the line (empty if none). Keeps `block_depth` (nested /* */) and
# `in_multi` (a """ string) across lines.
function clean(s,    out, i, n, c, c2, depth) {
  comment = ""
  if (!block_depth && !in_multi && s !~ /["\/]/) return s
  out = ""; n = length(s); i = 1
  while (i <= n) {
    c = substr(s, i, 1); c2 = substr(s, i, 2)
    if (block_depth > 0) {
      if (c2 == "*/") { block_depth--; i += 2; continue }
      if (c2 == "/*") { block_depth++; i += 2; continue }
      i++; continue
    }
    if (in_multi) {
      if (substr(s, i, 3) == "\"\"\"") { in_multi = 0; i += 3; continue }
      if (c == "\\") { i += 2; continue }
      i++; continue
    }
    if (c2 == "//") { comment = substr(s, i + 2); break }
    if (c2 == "/*") { block_depth = 1; i += 2; continue }
    if (substr(s, i, 3) == "\"\"\"") { in_multi = 1; out = out "\"\""; i += 3; continue }
    if (c == "\"") {
      i++
      while (i <= n) {
        c = substr(s, i, 1)
        if (c == "\\" && substr(s, i + 1, 1) == "(") {  # an interpolation: to its closing paren
          depth = 1; i += 2
          while (i <= n && depth > 0) {
            c = substr(s, i, 1)
            if (c == "(") depth++
            else if (c == ")") depth--
            i++
          }
          continue
        }
        if (c == "\\") { i += 2; continue }
        if (c == "\"") break
        i++
      }
      out = out "\"\""; i++; continue
    }
    out = out c; i++
  }
  return out
}

# Splits code into tokens: identifiers (with backticks, `@` and `#` kept), numbers, `->`, and
# single punctuation characters. Sets ntok and tok[].
function tokenize(s,    n, i, c, j) {
  ntok = 0; n = length(s); i = 1
  while (i <= n) {
    c = substr(s, i, 1)
    if (c == " " || c == "\t") { i++; continue }
    if (c ~ /[A-Za-z_0-9@#$`]/) {
      j = i + 1
      while (j <= n && substr(s, j, 1) ~ /[A-Za-z_0-9$`]/) j++
      tok[++ntok] = substr(s, i, j - i); i = j; continue
    }
    if (substr(s, i, 2) == "->") { tok[++ntok] = "->"; i += 2; continue }
    tok[++ntok] = c; i++
  }
}

function is_ident(t) { return t ~ /^[A-Za-z_`]/ }
function plain(t) { gsub(/`/, "", t); return t }

# ---- The declarations ----------------------------------------------------------------------------

# The innermost type the current position is in ("" at the top level, or in a top-level function).
function context(    i) {
  for (i = sp; i > 0; i--) if (stk[i] != "") return stk[i]
  return ""
}

# Whether a declaration here is a member of a type (or a top-level symbol), not a local one.
function at_type_level() { return sp == 0 || stk[sp] != "" }

function member_path(name,    c) {
  c = context()
  return c == "" ? name : c "/" name
}

function declare(path) { decl[module SUBSEP path] = 1 }

# The comment links seen since the last declaration are attached to the next one: `extra` is the
# type it declares ("" for any other), searched before the enclosing types.
function flush(extra,    i, c, scopes) {
  if (!npending) return
  c = (extra != "") ? extra : context()
  scopes = ""
  while (c != "") {
    scopes = scopes (scopes == "" ? "" : "|") c
    if (c !~ /\//) break
    sub(/\/[^\/]*$/, "", c)
  }
  scopes = scopes "|"  # the top level, last (an empty scope)
  for (i = 1; i <= npending; i++) {
    nlinks++
    link_file[nlinks] = FILENAME; link_line[nlinks] = pending_line[i]; link_text[nlinks] = pending_link[i]
    link_module[nlinks] = module; link_scopes[nlinks] = scopes
  }
  npending = 0
}

function add_links(text, line_number,    rest, link) {
  rest = text
  while (match(rest, /``[^`]+``/)) {
    link = substr(rest, RSTART + 2, RLENGTH - 4)
    rest = substr(rest, RSTART + RLENGTH)
    pending_line[++npending] = line_number; pending_link[npending] = link
  }
  rest = text
  while (match(rest, /<doc:[^>]+>/)) {
    link = substr(rest, RSTART + 5, RLENGTH - 6)
    rest = substr(rest, RSTART + RLENGTH)
    ndocs++; doc_file[ndocs] = FILENAME; doc_line[ndocs] = line_number; doc_name[ndocs] = link
    doc_module[ndocs] = module
  }
}

# A parameter list's labels: one `label:` per parameter. `kind` is "func" (the first name is the
# label), "subscript" (a label only if two names are given) or "case" (a label only if given).
function finish_params(kind, name,    labels, i) {
  if (seg_open) end_segment(kind)
  labels = ""
  for (i = 1; i <= nseg; i++) labels = labels seg_label[i] ":"
  declare(member_path(plain(name) "(" labels ")"))
}

function end_segment(kind,    label) {
  if (seg_names == 0 || !seg_colon) label = "_"
  else if (kind == "func") label = seg_first
  else if (kind == "subscript") label = (seg_names >= 2) ? seg_first : "_"
  else label = seg_first
  seg_label[++nseg] = plain(label)
  seg_open = 0; seg_names = 0; seg_first = ""; seg_colon = 0
}

# A stored property of a struct (for its memberwise initializer) ends at the end of its line, or
# at a `{` after an `=` (observers, or a closure's value); a `{` before any `=` makes it computed.
function end_property() {
  if (!(prop_let && prop_init)) {
    stk_props[prop_level] = stk_props[prop_level] prop_name ":"
    # An optional `var` (its type's last token a `?`) defaults to nil.
    if (!prop_init && !(prop_last == "?" && !prop_let)) stk_required[prop_level]++
  }
  prop_open = 0
}

# Feeds one token to the declaration reader.
function step(t) {
  if (prop_open && sp == prop_level) {
    prop_last = t
    if (t == "=") prop_init = 1
    else if (t == "{") { if (prop_init) end_property(); else prop_open = 0 }
  }
  if (mode == "typename") {
    if (is_ident(t) && !(type_name == "" && t ~ /^(func|var|let|subscript|init)$/)) {
      type_name = type_name (type_name == "" ? "" : "/") plain(t); mode = "typedot"; return
    }
    mode = ""  # `class func`, `class var`: a modifier, not a type
  } else if (mode == "typedot") {
    if (t == ".") { mode = "typename"; return }
    if (type_kind == "extension") type_path = type_name
    else { type_path = member_path(type_name); declare(type_path) }
    flush(type_path)
    mode = "typeheader"; header_angle = 0; header_conforms = 0
  }
  if (mode == "typeheader") {
    if (t == "{") {
      stk[++sp] = type_path; stk_struct[sp] = (type_kind == "struct")
      stk_props[sp] = ""; stk_required[sp] = 0; stk_has_init[sp] = 0
      mode = ""; prev = t; return
    }
    if (t == "<") header_angle++
    else if (t == ">") header_angle--
    else if (t == "where") header_conforms = -1
    else if (header_angle == 0 && header_conforms >= 0) {
      if (t == ":") header_conforms = 1
      else if (header_conforms == 1 && is_ident(t) && t !~ /^@/ && t != "any") {
        if (type_kind == "enum" && !(module SUBSEP type_path in conforms) && t ~ RAW_TYPES) {
          declare(type_path "/init(rawValue:)")
        }
        conforms[module SUBSEP type_path] = conforms[module SUBSEP type_path] " " plain(t)
        header_conforms = 2
      } else if (t == ",") header_conforms = 1
    }
    prev = t; return
  }
  if (mode == "funcname") {
    if (is_ident(t)) { func_name = t; mode = "generics"; func_angle = 0; prev = t; return }
    if (t == "(" && func_name != "") { mode = "" }  # an operator: not linked by name here
    else { func_name = func_name t; prev = t; return }
  }
  if (mode == "generics") {
    if (t == "?" || t == "!") { prev = t; return }
    if (t == "<") { func_angle++; prev = t; return }
    if (t == ">") { func_angle--; prev = t; return }
    if (func_angle > 0) { prev = t; return }
    if (t == "(") {
      mode = "params"; depth = 1; nseg = 0; seg_open = 0; seg_names = 0; seg_first = ""; seg_colon = 0
      prev = t; return
    }
    if (func_kind == "case") {
      declare(member_path(plain(func_name)))
      mode = (t == ",") ? "casename" : ""
      if (t == ",") { prev = t; return }
    } else mode = ""
  }
  if (mode == "params") {
    if (t == "(" || t == "[" || t == "<") depth++
    else if (t == ")" || t == "]" || t == ">") depth--
    if (depth == 0) {
      finish_params(func_kind, func_name)
      if (func_kind == "case") mode = "caseafter"
      else mode = ""
      prev = t; return
    }
    if (depth == 1) {
      if (t == ",") { end_segment(func_kind); seg_open = 0; prev = t; return }
      seg_open = 1
      if (t == ":") seg_colon = 1
      else if (!seg_colon && is_ident(t) && t !~ /^@/) { if (seg_names == 0) seg_first = t; seg_names++ }
    } else seg_open = 1
    prev = t; return
  }
  if (mode == "caseafter") {
    if (t == ",") { mode = "casename"; prev = t; return }
    mode = ""
  }
  if (mode == "casename") {
    if (is_ident(t)) { func_kind = "case"; func_name = t; mode = "generics"; func_angle = 0; prev = t; return }
    mode = ""
  }
  if (mode == "name") {
    if (is_ident(t)) {
      declare(member_path(plain(t)))
      if (name_kind != "typealias" && name_kind != "associatedtype" && stk_struct[sp] && !decl_static) {
        prop_open = 1; prop_name = plain(t); prop_let = (name_kind == "let"); prop_init = 0; prop_level = sp
      }
    }
    mode = ""
    if (is_ident(t)) { prev = t; return }
  }

  # No declaration under way.
  if (t == "static" || t == "class") saw_static = 1
  if (t == "{") { flush(""); saw_static = 0; stk[++sp] = ""; stk_struct[sp] = 0; prev = t; return }
  if (t == "}") {
    flush(""); saw_static = 0
    if (sp == 0) { unbalanced = 1; prev = t; return }
    if (stk_struct[sp] && !stk_has_init[sp]) {  # the memberwise initializer, and init() if it can
      declare(stk[sp] "/init(" stk_props[sp] ")")
      if (!stk_required[sp]) declare(stk[sp] "/init()")
    }
    sp--
    prev = t; return
  }
  if (at_type_level() && prev != ".") {
    if (t ~ /^(struct|enum|protocol|actor|extension|func|init|subscript|case|var|let|typealias|associatedtype)$/) {
      decl_static = saw_static; saw_static = 0
    }
    if (t == "struct" || t == "class" || t == "enum" || t == "protocol" || t == "actor" || t == "extension") {
      type_kind = t; type_name = ""; mode = "typename"
    } else if (t == "func") {
      flush(""); func_kind = "func"; func_name = ""; mode = "funcname"
    } else if (t == "init" || t == "subscript") {
      flush(""); func_kind = (t == "init") ? "func" : "subscript"; func_name = t; mode = "generics"; func_angle = 0
      if (t == "init" && sp > 0) stk_has_init[sp] = 1
    } else if (t == "case") {
      flush(""); mode = "casename"
    } else if (t == "var" || t == "let" || t == "typealias" || t == "associatedtype") {
      flush(""); mode = "name"; name_kind = t
    }
  }
  prev = t
}

# ---- Reading the files ----------------------------------------------------------------------------

FNR == 1 {
  if (previous_file ~ /\.swift$/ && !was_package) end_of_swift_file()
  previous_file = FILENAME; was_package = (NR == 1)
  if (NR == 1) { package_text = ""; in_package = 1 }
  else {
    if (in_package) { parse_package(package_text); in_package = 0 }
    reset_file()
    nfiles++
  }
}

in_package { package_text = package_text " " $0; next }

FILENAME ~ /\.md$/ {
  if (FILENAME ~ /\.docc\//) {
    name = FILENAME; sub(/^.*\//, "", name); sub(/\.md$/, "", name)
    articles[module SUBSEP name] = 1
  }
  if ($0 ~ /^[ \t]*(```|~~~)/) { in_fence = !in_fence; next }
  if (in_fence) next
  add_links($0, FNR)
  flush("")
  next
}

{
  line = $0
  if (!block_depth && !in_multi && line ~ /^[ \t]*\/\/\//) {
    text = line; sub(/^[ \t]*\/\/\//, "", text)
    if (text ~ /^[ \t]*(```|~~~)/) { in_fence = !in_fence; next }
    if (!in_fence) add_links(text, FNR)
    next
  }
  in_fence = 0
  code = clean(line)
  if (comment != "") { sub(/^\//, "", comment); add_links(comment, FNR) }
  if (code !~ /[^ \t]/) next
  tokenize(code)
  for (k = 1; k <= ntok; k++) step(tok[k])
  if (prop_open) end_property()
  saw_static = 0
}

function end_of_swift_file() {
  flush("")
  if (sp != 0 || unbalanced || block_depth || in_multi) {
    printf "%s: could not be read: its braces, comments or strings do not balance\n", previous_file
    unreadable = 1
  }
}

# ---- Resolution -----------------------------------------------------------------------------------

# Whether `path` is declared in one of the modules `mods` (space-separated), itself or through a
# protocol its parent type conforms to.
function exists(mods, path, level,    m, n, i, parent, leaf, list, p, j, np) {
  n = split(mods, m, " ")
  for (i = 1; i <= n; i++) if ((m[i] SUBSEP path) in decl) return 1
  if (level > 4 || path !~ /\//) return 0
  parent = path; sub(/\/[^\/]*$/, "", parent)
  leaf = substr(path, length(parent) + 2)
  for (i = 1; i <= n; i++) {
    if (!((m[i] SUBSEP parent) in conforms)) continue
    np = split(conforms[m[i] SUBSEP parent], list, " ")
    for (j = 1; j <= np; j++) {
      if ((list[j] SUBSEP leaf) in synthesized) return 1
      if (exists(mods, list[j] "/" leaf, level + 1)) return 1
    }
  }
  return 0
}

# The link's path as DocC's components, without disambiguation suffixes, joined by "/".
function normalize(link,    out, comp, i, n, c, depth) {
  sub(/^\//, "", link)
  out = ""; comp = ""; depth = 0; n = length(link)
  for (i = 1; i <= n; i++) {
    c = substr(link, i, 1)
    if (c == "(") depth++
    if (c == ")") depth--
    if (c == "/" && depth == 0) { out = out (out == "" ? "" : "/") strip_suffix(comp); comp = ""; continue }
    comp = comp c
  }
  return out (out == "" ? "" : "/") strip_suffix(comp)
}

function strip_suffix(comp,    head) {
  if (comp !~ /^[A-Za-z_]/) return comp
  if (match(comp, /^[A-Za-z_0-9]+(\([^)]*\))?/)) {
    head = substr(comp, 1, RLENGTH)
    if (substr(comp, RLENGTH + 1, 1) == "-") return head
  }
  return comp
}

function resolves(m, scopes, link,    path, first, rest, mods, ns, s, i, candidate) {
  path = normalize(link)
  mods = reachable(m)
  first = path; sub(/\/.*$/, "", first)
  rest = (path ~ /\//) ? substr(path, length(first) + 2) : ""
  if (first in modules && (" " mods " ") ~ (" " first " ")) {
    if (rest == "") return 1
    if (exists(first, rest, 0)) return 1
  }
  ns = split(scopes, s, "|")
  for (i = 1; i <= ns; i++) {
    candidate = (s[i] == "") ? path : s[i] "/" path
    if (exists(m, candidate, 0)) return 1
  }
  return 0
}

END {
  if (in_package) parse_package(package_text)
  if (previous_file ~ /\.swift$/ && !was_package) end_of_swift_file()
  if (list) {  # -v list=1: the declarations, one `module path` a line, for checking this reader
    for (key in decl) { split(key, parts, SUBSEP); print parts[1], parts[2] }
    exit 0
  }
  dangling = 0
  for (i = 1; i <= nlinks; i++) {
    if (resolves(link_module[i], link_scopes[i], link_text[i])) continue
    printf "%s:%d: dangling link ``%s``\n", link_file[i], link_line[i], link_text[i]
    dangling++
  }
  for (i = 1; i <= ndocs; i++) {
    name = doc_name[i]; sub(/^.*\//, "", name)
    if ((doc_module[i] SUBSEP name) in articles) continue
    printf "%s:%d: dangling link <doc:%s>\n", doc_file[i], doc_line[i], doc_name[i]
    dangling++
  }
  printf "doc links: %d symbol links and %d article links in %d files, %d dangling\n", nlinks, ndocs, nfiles, dangling
  if (unreadable) exit 2
  exit dangling > 0 ? 1 : 0
}
