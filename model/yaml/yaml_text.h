// Private helper of the YAML writer: how to write one scalar so that yaml-cpp
// reads back exactly the same text. Plain when that is safe, double-quoted
// (with escapes) otherwise; multi-line text may use a literal block (`|`).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace wb::model::yaml {

// True if `s` written plain reads back as `s` (in flow context `[...]` / `{...}`
// the characters , [ ] { } are not safe either).
bool isPlainSafe(std::string_view s, bool flow);

// `"..."` with \\ \" \n \t \r and \xNN escapes.
std::string doubleQuoted(std::string_view s);

// Plain if safe, else double-quoted.
std::string scalarText(std::string_view s, bool flow = false);

// `[a, b, "c, d"]`.
std::string flowList(const std::vector<std::string>& items);

// If `s` is multi-line text that a literal block reproduces exactly, the
// block's header (`|` or `|-`) and its lines; otherwise false.
bool literalBlock(std::string_view s, std::string& header, std::vector<std::string>& lines);

}  // namespace wb::model::yaml
