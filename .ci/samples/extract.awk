# Pulls every Swift code block out of the documentation for .ci/check-samples: the doc comments
# (`///` lines and `/** */` blocks) of Swift files, and Markdown files (the README, the catalog's
# articles). Run as
#   awk -v out=DIR -f extract.awk FILE...
# It writes one Swift file per compiled block to DIR/<module>/, where <module> is DocComments for
# every doc comment, Readme for README.md and the article's name for an article, each module
# compiled on its own (an article may declare what the README declares); and one line per block to
# DIR/index: module, placement, status, category, file, fence line, first line, last line.
#
# Which blocks: in Markdown, a fenced block whose language (the info string's first word) is
# `swift`; in a doc comment, one whose language is `swift` or missing (DocC shows code in a doc
# comment as Swift). A block whose opening fence directly follows the line
#   <!-- sample: not compiled -->
# (any text may follow `not compiled`, before `-->`; in a doc comment, `/// <!-- … -->`) is
# counted and not compiled: DocC and GitHub do not show the comment.
#
# Where a block goes: a block whose top-level lines are all declarations (types, functions,
# extensions, imports, and the attributes and modifiers before them) is placed at file scope;
# any other is the body of a function of its own, `@MainActor`, `async throws`. Every block keeps
# its file and line numbers through `#sourceLocation`, so the compiler's messages point into the
# documentation.

function reset_file() {
  in_fence = 0; in_block_comment = 0; previous = ""
}

function error(file, line, message) {
  printf "%s:%d: error: %s\n", file, line, message > "/dev/stderr"
  failed = 1
}

# Whether `line` (a block's line at its top level) starts a declaration rather than a statement.
function is_declaration(line,    rest) {
  rest = line
  # Attributes and modifiers, then the keyword.
  while (match(rest, /^(@[A-Za-z_][A-Za-z_0-9]*(\([^)]*\))?|public|private|fileprivate|internal|package|open|final|nonisolated|indirect|static)([ \t]+|$)/)) {
    rest = substr(rest, RLENGTH + 1)
  }
  if (rest == "" || rest ~ /^\/\//) return 1  # only attributes, as `@MainActor` on a line of its own
  return rest ~ /^(struct|class|enum|extension|protocol|actor|func|typealias|import)[ \t]/
}

function finish_block(    i, line, code_lines, declarations, module, placement, status, path, name) {
  if (!collecting) return
  category = (FILENAME ~ /\.swift$/) ? "doc comments" : (FILENAME ~ /\.docc\//) ? "catalog" : "README"
  if (FILENAME ~ /\.swift$/) {
    module = "DocComments"
  } else {
    name = FILENAME
    sub(/^.*\//, "", name)
    sub(/\.md$/, "", name)
    gsub(/[^A-Za-z0-9]/, "", name)
    module = (name == "README") ? "Readme" : name
  }
  code_lines = 0; declarations = 0
  for (i = 1; i <= block_length; i++) {
    line = block[i]
    if (line ~ /^[ \t]/ || line ~ /^[ \t]*$/ || line ~ /^(\/\/|[})\]])/) continue
    code_lines++
    if (is_declaration(line)) declarations++
  }
  placement = (code_lines > 0 && declarations == code_lines) ? "file" : "body"
  status = marked ? "not-compiled" : "compiled"
  blocks++
  printf "%s|%s|%s|%s|%s|%d|%d|%d\n", module, placement, status, category, FILENAME, fence_line, fence_line + 1, fence_line + block_length > (out "/index")
  if (marked) return
  if (!(module in made)) { made[module] = 1; system("mkdir -p '" out "/" module "'") }
  path = sprintf("%s/%s/sample%03d.swift", out, module, blocks)
  printf "// From %s:%d, by .ci/check-samples.\nimport SampleContext\n\n", FILENAME, fence_line > path
  if (placement == "body") printf "@MainActor func sample%03d() async throws {\n", blocks > path
  printf "#sourceLocation(file: \"%s\", line: %d)\n", FILENAME, fence_line + 1 > path
  for (i = 1; i <= block_length; i++) print block[i] > path
  printf "#sourceLocation()\n" > path
  if (placement == "body") printf "}\n" > path
  close(path)
}

# One line of documentation text (a doc comment's text, or a Markdown line).
function documentation_line(text,    trimmed, fence, info, language, indent) {
  if (!in_fence) {
    if (match(text, /^[ \t]*(```+|~~~+)/)) {
      indent = text; sub(/[`~].*$/, "", indent)
      fence = substr(text, length(indent) + 1)
      match(fence, /^(`+|~+)/)
      fence_marker = substr(fence, 1, RLENGTH)
      info = substr(fence, RLENGTH + 1)
      sub(/^[ \t]+/, "", info)
      language = info; sub(/[ \t,{].*$/, "", language)
      fence_indent = length(indent)
      in_fence = 1; fence_line = FNR; block_length = 0
      collecting = (language == "swift") || (language == "" && FILENAME ~ /\.swift$/)
      marked = (previous ~ /^[ \t]*<!-- sample: not compiled/)
    }
  } else {
    trimmed = text; sub(/^[ \t]+/, "", trimmed); sub(/[ \t]+$/, "", trimmed)
    if (index(trimmed, fence_marker) == 1 && trimmed ~ /^(`+|~+)$/ && substr(trimmed, 1, 1) == substr(fence_marker, 1, 1)) {
      finish_block()
      in_fence = 0; collecting = 0
    } else {
      # The fence's indentation is not the code's.
      for (indent = 0; indent < fence_indent && substr(text, 1, 1) ~ /[ \t]/; indent++) text = substr(text, 2)
      block[++block_length] = text
    }
  }
  previous = text
}

FNR == 1 {
  if (in_fence) error(file, fence_line, "this code block is not closed at the end of the file")
  reset_file()
  file = FILENAME
}

FILENAME ~ /\.md$/ { documentation_line($0); next }

# Swift sources: doc comments only.
{
  line = $0
  if (in_block_comment) {
    if (index(line, "*/")) { in_block_comment = 0; line = substr(line, 1, index(line, "*/") - 1) }
    sub(/^[ \t]*(\* ?)?/, "", line)
    documentation_line(line)
  } else if (match(line, /^[ \t]*\/\/\/ ?/)) {
    documentation_line(substr(line, RLENGTH + 1))
  } else if (match(line, /^[ \t]*\/\*\*/) && line !~ /^[ \t]*\/\*\*\//) {
    line = substr(line, RLENGTH + 1)
    if (index(line, "*/")) line = substr(line, 1, index(line, "*/") - 1)
    else in_block_comment = 1
    documentation_line(line)
  } else {
    if (in_fence) { error(FILENAME, fence_line, "this code block is not closed in its doc comment"); in_fence = 0; collecting = 0 }
    previous = ""
  }
}

END {
  if (in_fence) error(file, fence_line, "this code block is not closed at the end of the file")
  exit failed
}
