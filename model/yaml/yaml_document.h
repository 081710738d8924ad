// One YAML document from text, for every loader of user files (the ruleset
// loader, the tuner's targets file): the text checks (NUL bytes, invalid
// UTF-8), yaml-cpp's parse with every exception caught, and the root checked
// to be a map. Each problem is a diagnostic at its 1-based `file:line:column`;
// nothing throws. Nesting deeper than kMaxYamlDepth levels (ruleset_loader.h)
// is stopped by yaml-cpp's depth guard and reported as such.
#pragma once

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <string_view>

#include "model/core/diagnostics.h"

namespace wb::model::yaml {

// False (with a diagnostic at the offending byte) for text that is not YAML
// text at all: NUL bytes and invalid UTF-8.
bool checkYamlText(const std::string& file, std::string_view text, Diagnostics& out);

// The parsed root map; nullopt with a diagnostic for unusable text, a syntax
// error, an empty file, or a root that is not a map (`expected <rootWhat>, got a list`).
std::optional<YAML::Node> parseYamlDocument(const std::string& file, std::string_view text, Diagnostics& out,
                                            std::string_view rootWhat);

}  // namespace wb::model::yaml
