#include "app/cli/output_paths.h"

#include <filesystem>
#include <ostream>

namespace wb::app {
namespace {
namespace fs = std::filesystem;
}  // namespace

std::string realFilePath(const std::string& path) {
  if (path.empty() || path == "-") return {};
  std::error_code ec;
  fs::path p = fs::absolute(path, ec);
  if (ec) p = fs::path(path);
  // A chain of links, each relative to the folder that holds it; a dangling
  // link names the file a write would create. Bounded as the kernel bounds it.
  for (int hops = 0; hops < 40 && fs::is_symlink(fs::symlink_status(p, ec)); ++hops) {
    const fs::path target = fs::read_symlink(p, ec);
    if (ec) break;
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
  return fs::weakly_canonical(p, ec).lexically_normal().generic_string();
}

std::vector<NamedFile> rulesetInputs(const model::Ruleset& ruleset, const std::string& role) {
  std::vector<NamedFile> out;
  const std::string& root = ruleset.origin.loc.file;
  if (root.empty()) return out;
  out.push_back({role, root});
  const fs::path base = fs::path(root).parent_path();
  for (const auto& inc : ruleset.includes)
    out.push_back({role + "'s include " + inc, (base / inc).lexically_normal().generic_string()});
  return out;
}

std::vector<NamedFile> namedOutputs(const ArgParser& parser) {
  std::vector<NamedFile> out;
  for (const char* option : {"--json", "--write", "--out"})
    if (auto v = parser.value(option); v && *v != "-" && !v->empty()) out.push_back({option, *v});
  return out;
}

bool outputsApart(const std::vector<NamedFile>& inputs, const std::vector<NamedFile>& outputs, std::string& error) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const std::string real = realFilePath(outputs[i].path);
    if (real.empty()) continue;
    for (const auto& in : inputs) {
      if (realFilePath(in.path) != real) continue;
      error = outputs[i].role + " " + outputs[i].path + " is " + in.role + " (" + in.path +
              "), an input of this command: it would be replaced; give another file";
      return false;
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (realFilePath(outputs[j].path) != real) continue;
      error = outputs[j].role + " " + outputs[j].path + " and " + outputs[i].role + " " + outputs[i].path +
              " are one file: one output would replace the other; give each its own file";
      return false;
    }
  }
  return true;
}

bool checkOutputsApart(const std::string& command, const ArgParser& parser, const std::vector<NamedFile>& inputs,
                       CommandIo& io, const std::vector<NamedFile>& moreOutputs) {
  std::vector<NamedFile> outputs = namedOutputs(parser);
  outputs.insert(outputs.end(), moreOutputs.begin(), moreOutputs.end());
  std::string error;
  if (outputsApart(inputs, outputs, error)) return true;
  io.err << "balance " << command << ": " << error << "\n";
  return false;
}

}  // namespace wb::app
