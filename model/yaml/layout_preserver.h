// Private helper of the YAML writer: keeps the designer's file as written.
//
// The writer produces canonical text; a designer's file has comments, quotes
// and spacing of its own. When the two files differ only in scalar values
// (same keys in the same order, same list lengths), the changed scalars are
// patched into the original text, so a save changes exactly the edited lines
// and keeps every comment. The result is accepted only if it parses to the
// same tree as the canonical text; otherwise the canonical text is used.
#pragma once

#include <string>

namespace wb::model::yaml {

// `original` patched to say what `canonical` says, or `canonical` itself when
// the structures differ (or `original` does not parse).
std::string preserveLayout(const std::string& original, const std::string& canonical);

}  // namespace wb::model::yaml
