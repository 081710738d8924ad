// Outputs never replace inputs. A command's outputs (--json, --write, --out)
// are compared with its inputs (every file of the ruleset: the root and its
// includes; the targets file) and with each other by their real paths
// (symlinks followed, `./` and `..` resolved), after the ruleset is loaded
// and before the first game: `balance run e.yaml --json e.yaml` would
// otherwise replace the ruleset with its own results, and `tune --write X
// --json X` keep only one of the two.
#pragma once

#include <string>
#include <vector>

#include "app/cli/arg_parser.h"
#include "app/cli/command.h"
#include "model/core/ruleset.h"

namespace wb::app {

struct NamedFile {
  std::string role;  // "--json", "the ruleset", "the targets file", ...
  std::string path;
};

// The file a path really names: symlinks followed (also a dangling one, to
// the file it would create), made absolute and normal. "" for "" and "-".
std::string realFilePath(const std::string& path);

// The files a loaded ruleset was read from: the root, then each include.
std::vector<NamedFile> rulesetInputs(const model::Ruleset& ruleset, const std::string& role = "the ruleset");

// The output options of `parser` that name a file (not "-"): --json, --write, --out.
std::vector<NamedFile> namedOutputs(const ArgParser& parser);

// False with the reason in `error` when an output is an input or two outputs
// name one file.
bool outputsApart(const std::vector<NamedFile>& inputs, const std::vector<NamedFile>& outputs, std::string& error);

// The same for a command: prints "balance COMMAND: ..." and returns false (exit 2).
bool checkOutputsApart(const std::string& command, const ArgParser& parser, const std::vector<NamedFile>& inputs,
                       CommandIo& io, const std::vector<NamedFile>& moreOutputs = {});

}  // namespace wb::app
