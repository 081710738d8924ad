// Private helper of the layout-keeping writer (layout_preserver.h): where the
// parts of a YAML text are. yaml-cpp marks only where a node starts; these
// functions find where block entries (a map's `key: value`, a sequence's
// `- item`) and flow nodes (`[...]`, `{...}`, a scalar) end, and which
// comment lines belong to an entry, so an entry can be replaced, removed or
// have a sibling inserted beside it without touching any other byte.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <yaml-cpp/yaml.h>

namespace wb::model::yaml {

// One entry of a block collection, as byte offsets into the text.
struct EntrySpan {
  std::size_t start = 0;     // the key or the dash (a line start unless midLine)
  std::size_t end = 0;       // after the entry's last content line (a line start or the text's end)
  std::size_t limit = 0;     // where the next sibling (or the parent's next thing) begins
  std::size_t leadStart = 0; // start of the comment lines directly above it at its indentation
  int indent = 0;            // column of the key or the dash
  bool midLine = false;      // starts after other text on its line (`- id: x`: the key `id`)
};

struct BlockLayout {
  std::vector<EntrySpan> entries;
  bool blankSeparated = false;  // a blank line between two entries somewhere
};

std::size_t lineStart(std::string_view text, std::size_t pos);
std::size_t nextLineStart(std::string_view text, std::size_t pos);
// True if the line starting at `pos` is empty, spaces only, or a comment.
bool isBlankOrCommentLine(std::string_view text, std::size_t pos);
bool isBlankLine(std::string_view text, std::size_t pos);

// End of the scalar starting at `begin` on its line (quoted: after the
// closing quote; plain: before a comment, or in flow context before , ] }).
// npos for block scalars (| >) and scalars running over several lines.
std::size_t scalarEnd(std::string_view text, std::size_t begin, bool flow);
// End of a flow node (`[...]`, `{...}` or a flow scalar) starting at `begin`; npos if unknown.
std::size_t flowEnd(std::string_view text, std::size_t begin);

// The entries of a block map or block sequence `node` whose region ends at
// `limit`; nullopt when the text does not have the expected shape.
std::optional<BlockLayout> blockLayout(std::string_view text, const YAML::Node& node, std::size_t limit);

// `lines` (whole lines, each ending in '\n') moved right (delta > 0) or left
// (delta < 0, removing spaces only) by `delta` columns; empty lines stay empty.
std::string reindent(std::string_view lines, int delta);

}  // namespace wb::model::yaml
