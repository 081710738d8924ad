// Private helper of the YAML writer: keeps the designer's file as written.
//
// The writer produces canonical text; a designer's file has comments, quotes,
// blank lines and forms of its own (a die face written `{symbol: "1", value:
// 1}` where the writer would say `"1"`). A save is a three-way merge:
//   original  the file as it is on disk,
//   baseline  the writer's text of what the original says,
//   canonical the writer's text of what the file must say now.
// Wherever baseline and canonical agree, the original's text stays as it is,
// whatever its form. Where they differ, the original is changed as little as
// possible: a changed scalar is patched in place (keeping its quotes and the
// comment after it); a key or list item that was added is inserted beside its
// neighbours at their indentation (list items are matched by `id`); one that
// was removed is cut out with the comment lines directly above it; anything
// else is replaced by its canonical text, the entry alone. Comments and
// layout everywhere else survive. The writer checks the result by reading it
// back (ruleset_writer.cpp) and uses the canonical text if it says anything else.
#pragma once

#include <string>

namespace wb::model::yaml {

// `original` changed to say what `canonical` says (see above), or `canonical`
// itself when `original` or the others do not parse or cannot be merged.
std::string preserveLayout(const std::string& original, const std::string& baseline, const std::string& canonical);

// The same with the original as its own baseline (the original is in the
// writer's forms); the result is checked to read as `canonical` does.
std::string preserveLayout(const std::string& original, const std::string& canonical);

}  // namespace wb::model::yaml
