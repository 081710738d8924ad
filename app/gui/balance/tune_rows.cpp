#include "app/gui/balance/tune_rows.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>

#include "model/core/scalar.h"

namespace wb::app {
namespace {

std::string trimmed(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return {};
  const auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n' || c == '\r') {
      out += ' ';
      continue;
    }
    out += c;
  }
  return out + "\"";
}

bool isWord(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '_' || c == '-' || c == '.' || c == '+';
  });
}

// A number stays a plain scalar (the validator reads it as a number); any other
// text is quoted, so that the validator names it at its row instead of the
// YAML syntax breaking the rest of the table.
std::string scalar(const std::string& text) {
  const std::string t = trimmed(text);
  if (model::parseNumber(t) && isWord(t)) return t;
  return quoted(t);
}

std::string valueItem(const std::string& text) {
  const std::string t = trimmed(text);
  return isWord(t) ? t : quoted(t);
}

// A skill matrix's row reads "skill: planner > greedy > random" (each agent
// beats the next); its item is `{skill: [planner, greedy, random]}`.
constexpr const char* kSkill = "skill:";

bool isSkillRow(const std::string& metric) { return trimmed(metric).rfind(kSkill, 0) == 0; }

std::string skillList(const std::string& metric) {
  const std::string agents = trimmed(metric).substr(std::string(kSkill).size());
  std::string list;
  std::size_t start = 0;
  while (start <= agents.size()) {
    const auto gt = agents.find('>', start);
    const std::string agent = trimmed(agents.substr(start, gt == std::string::npos ? std::string::npos : gt - start));
    if (!agent.empty() || gt != std::string::npos) list += (list.empty() ? "" : ", ") + quoted(agent);
    if (gt == std::string::npos) break;
    start = gt + 1;
  }
  return "[" + list + "]";
}

std::string targetLine(const TargetRow& r) {
  std::string line = isSkillRow(r.metric) ? "- {skill: " + skillList(r.metric) : "- {metric: " + quoted(trimmed(r.metric));
  if (!trimmed(r.min).empty()) line += ", min: " + scalar(r.min);
  if (!trimmed(r.max).empty()) line += ", max: " + scalar(r.max);
  return line + "}";
}

std::string knobLine(const KnobRow& r) {
  std::string line = "- {path: " + quoted(trimmed(r.path));
  const std::string domain = trimmed(r.domain);
  if (domain.find(':') != std::string::npos) {
    line += ", range: " + quoted(domain);
  } else if (!domain.empty()) {
    std::string list;
    std::size_t start = 0;
    while (start <= domain.size()) {
      const auto comma = domain.find(',', start);
      const std::string item = domain.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      list += (list.empty() ? "" : ", ") + valueItem(item);
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    line += ", values: [" + list + "]";
  }
  if (r.lock) line += ", lock: true";
  return line + "}";
}

std::string text(const YAML::Node& n) {
  if (!n) return {};
  if (n.IsScalar()) return n.Scalar();
  YAML::Emitter out;
  out << YAML::Flow << n;
  return out.good() ? std::string(out.c_str()) : std::string();
}

void readItems(const YAML::Node& root, TuneRows& rows) {
  if (!root || !root.IsMap()) return;
  if (const YAML::Node targets = root["targets"]; targets && targets.IsSequence())
    for (const auto& item : targets) {
      if (!item.IsMap()) continue;
      std::string metric = text(item["metric"]);
      if (const YAML::Node skill = item["skill"]; skill && !item["metric"]) {
        metric = kSkill;
        if (skill.IsSequence())
          for (std::size_t i = 0; i < skill.size(); ++i) metric += (i ? " > " : " ") + text(skill[i]);
        else
          metric += " " + text(skill);
      }
      rows.targets.push_back({metric, text(item["min"]), text(item["max"])});
    }
  if (const YAML::Node knobs = root["knobs"]; knobs && knobs.IsSequence())
    for (const auto& item : knobs) {
      if (!item.IsMap()) continue;
      KnobRow k;
      k.path = text(item["path"]);
      if (const YAML::Node values = item["values"]; values && values.IsSequence()) {
        for (const auto& v : values) k.domain += (k.domain.empty() ? "" : ", ") + text(v);
      } else if (item["range"]) {
        k.domain = text(item["range"]);
      }
      const std::string lock = text(item["lock"]);
      k.lock = lock == "true" || lock == "yes" || lock == "on";
      rows.knobs.push_back(std::move(k));
    }
}

}  // namespace

std::string tuneRowsYaml(const TuneRows& rows) {
  std::string out = rows.targets.empty() ? "targets: []\n" : "targets:\n";
  for (const TargetRow& r : rows.targets) out += "  " + targetLine(r) + "\n";
  if (rows.knobs.empty()) return out;  // every value the schema bounds
  out += "knobs:\n";
  for (const KnobRow& r : rows.knobs) out += "  " + knobLine(r) + "\n";
  return out;
}

int targetRowLine(int row) { return 2 + row; }
int knobRowLine(const TuneRows& rows, int row) { return 3 + static_cast<int>(rows.targets.size()) + row; }

namespace {

// "key:" and the block indented under it: one section as a document of its own.
std::string sectionDocument(const std::string& key, const std::string& block) {
  std::string yaml = key + ":\n";
  std::size_t start = 0;
  while (start < block.size()) {
    const auto end = block.find('\n', start);
    yaml += "  " + block.substr(start, end == std::string::npos ? std::string::npos : end - start) + "\n";
    start = end == std::string::npos ? block.size() : end + 1;
  }
  return yaml;
}

// The block in the form the ruleset loader keeps a section in (the YAML
// emitter's text of its value, model/yaml/ruleset_loader.cpp), so that a
// saved file reads back as the same ruleset and the save keeps the file's layout.
std::string loaderForm(const std::string& key, const std::string& block) {
  try {
    const YAML::Node root = YAML::Load(sectionDocument(key, block));
    YAML::Emitter out;
    out << root[key];
    if (out.good()) return out.c_str();
  } catch (const YAML::Exception&) {
  }
  return block;
}

}  // namespace

TuningSections tuningSections(const TuneRows& rows) {
  TuningSections out;
  auto block = [](const auto& items, auto line) {
    std::string text;
    for (const auto& r : items) text += (text.empty() ? "" : "\n") + line(r);
    return text;
  };
  if (!rows.targets.empty()) out.emplace_back("targets", loaderForm("targets", block(rows.targets, targetLine)));
  if (!rows.knobs.empty()) out.emplace_back("knobs", loaderForm("knobs", block(rows.knobs, knobLine)));
  return out;
}

TuneRows rowsFromYaml(const std::string& yaml, std::string* problem) {
  TuneRows rows;
  try {
    readItems(YAML::Load(yaml), rows);
  } catch (const YAML::Exception& e) {
    if (problem) *problem = e.what();
  }
  return rows;
}

TuneRows rowsFromTuning(const TuningSections& sections, std::string* problem) {
  TuneRows rows;
  for (const auto& [key, block] : sections) {
    TuneRows part = rowsFromYaml(sectionDocument(key, block), problem);
    rows.targets.insert(rows.targets.end(), part.targets.begin(), part.targets.end());
    rows.knobs.insert(rows.knobs.end(), part.knobs.begin(), part.knobs.end());
  }
  return rows;
}

bool RowProblems::any() const {
  auto some = [](const std::vector<std::string>& v) {
    return std::any_of(v.begin(), v.end(), [](const std::string& s) { return !s.empty(); });
  };
  return some(targets) || some(knobs) || !general.empty();
}

RowProblems problemsByRow(const TuneRows& rows, const model::Diagnostics& diags) {
  RowProblems out;
  out.targets.assign(rows.targets.size(), std::string());
  out.knobs.assign(rows.knobs.size(), std::string());
  auto add = [](std::string& to, const std::string& message) { to += (to.empty() ? "" : "\n") + message; };
  for (const model::Diagnostic& d : diags.items()) {
    if (d.severity != model::Severity::Error) continue;
    const int line = d.where.line;
    const int t = line - targetRowLine(0), k = line - knobRowLine(rows, 0);
    if (t >= 0 && t < static_cast<int>(rows.targets.size())) add(out.targets[static_cast<std::size_t>(t)], d.message);
    else if (k >= 0 && k < static_cast<int>(rows.knobs.size())) add(out.knobs[static_cast<std::size_t>(k)], d.message);
    else out.general.push_back(d.message);
  }
  return out;
}

}  // namespace wb::app
