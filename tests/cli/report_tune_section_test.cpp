// The report's tuning parts: a tune of the very ruleset the
// report is made from (the same content hash) opens the summary with
// "Proposed changes" (the edits and the verified verdicts) and adds the
// section with the alternatives and the sensitivity table; a tune of another
// revision of the ruleset (stale) is left out.
#include <gtest/gtest.h>

#include "app/report/html_report_writer.h"
#include "app/report/report_builder.h"
#include "app/report/report_request.h"
#include "app/report/tune_section.h"
#include "model/path/ruleset_path.h"
#include "model/yaml/ruleset_loader.h"
#include "rulesets/engine_catalog.h"

namespace wb::app {
namespace {

const std::string kElement = std::string(WB_SOURCE_DIR) + "/data/rulesets/element/element.yaml";

sim::TargetReading reading(double value, double lo, double hi, sim::TargetVerdict verdict, double miss = 0) {
  sim::TargetReading r;
  r.value.value = value;
  r.value.ci = {lo, hi};
  r.value.blocks = 100;
  r.verdict = verdict;
  r.miss = miss;
  return r;
}

// A tune of Element's length as `balance tune` answers it (README, "Tuning").
sim::TuneResult elementTune() {
  sim::TuneResult r;
  r.ruleset = "element";
  r.engine = "element";
  r.verdict = sim::TuneVerdict::Pass;
  r.edits = {{0, 1}};
  r.editText = {{"parameters.dice_per_turn", "4", "3"}};
  sim::Target length;
  length.metric.kind = sim::TuneMetric::Kind::Length;
  length.min = 45;
  length.max = 55;
  sim::TargetOutcome t;
  t.target = length;
  t.baseline = reading(36.5, 35.8, 37.3, sim::TargetVerdict::Fail, 8.5);
  t.verified = reading(49.0, 48.0, 50.1, sim::TargetVerdict::Pass);
  r.targets = {t};
  sim::TuneAlternative none;
  none.targets = {reading(37.1, 36.0, 38.2, sim::TargetVerdict::Fail, 7.9)};
  r.alternatives = {none};
  sim::Sensitivity s;
  s.path = "parameters.dice_per_turn";
  s.metric = "length";
  s.direction = -1;
  s.from = "4";
  s.to = "3";
  s.effect.value = 12.4;
  s.effect.ci = {10.9, 13.9};
  s.effect.blocks = 64;
  r.sensitivity = {s};
  r.knobs = {"parameters.dice_per_turn", "parameters.base_steps"};
  r.searchGames = 896;
  r.verifyGames = 1200;
  r.budget = 3000;
  r.blockGames = 4;
  r.searchAgents = r.verifyAgents = {"random"};
  r.seed = 3;
  r.players = 2;
  return r;
}

std::string report(const model::Ruleset& ruleset, const std::string& tuneHash) {
  sim::RunConfig run;
  run.games = 12;
  run.seed = 2;
  run.players = 2;
  run.threads = 1;
  run.agents = {"random"};
  ReportRequest request = makeReportRequest(kElement, run);
  request.tune = elementTune();
  request.tuneHash = tuneHash;
  ReportBuilder builder(rulesets::builtinEngines(), ruleset, request);
  ReportData data;
  std::string error;
  EXPECT_TRUE(builder.build(data, error)) << error;
  return htmlReport(data);
}

TEST(ReportTuneSection, ATuneOfThisRulesetOpensTheSummaryWithProposedChanges) {
  const auto loaded = model::loadRuleset(kElement, rulesets::builtinEngines().schemaLookup());
  ASSERT_TRUE(loaded.ok()) << loaded.diagnostics.format();
  const std::string html = report(loaded.ruleset, contentHash(loaded.ruleset));
  const auto summary = html.find("<h2>Summary</h2>");
  ASSERT_NE(summary, std::string::npos);
  // The summary opens with the proposal: right after its heading.
  EXPECT_EQ(html.find("<h3>Proposed changes</h3>"), summary + std::string("<h2>Summary</h2>\n").size()) << html.substr(summary, 400);
  const auto proposed = html.find("<h3>Proposed changes</h3>");
  const std::string opening = html.substr(proposed, html.find("<h2>", proposed) - proposed);
  EXPECT_NE(opening.find("<code>parameters.dice_per_turn</code>: 4 &rarr; <b>3</b>"), std::string::npos) << opening;
  EXPECT_NE(opening.find("<td>length</td><td>[45, 55]</td><td>36.5 [35.8, 37.3]</td><td>49.0 [48.0, 50.1]</td><td>pass</td>"),
            std::string::npos)
      << opening;
  // The section: the alternatives and the sensitivity table.
  const auto section = html.find("<h2>Tuning: the alternatives and the sensitivity model</h2>");
  ASSERT_NE(section, std::string::npos);
  const std::string tuning = html.substr(section, html.find("<h2>", section + 4) - section);
  EXPECT_NE(tuning.find("<td>no edits</td><td>misses length 37.1 (by 7.9)</td>"), std::string::npos) << tuning;
  EXPECT_NE(tuning.find("<b>12.400 [10.900, 13.900]</b>"), std::string::npos) << tuning;
}

TEST(ReportTuneSection, ATuneOfAnotherRevisionIsLeftOut) {
  auto loaded = model::loadRuleset(kElement, rulesets::builtinEngines().schemaLookup());
  ASSERT_TRUE(loaded.ok()) << loaded.diagnostics.format();
  const std::string tunedHash = contentHash(loaded.ruleset);
  // The ruleset changed after the tune (the proposal applied, say).
  std::string error;
  ASSERT_TRUE(model::setPath(loaded.ruleset, "parameters.dice_per_turn", "3", &error)) << error;
  ASSERT_NE(contentHash(loaded.ruleset), tunedHash);
  const std::string html = report(loaded.ruleset, tunedHash);
  ASSERT_NE(html.find("<h2>Summary</h2>"), std::string::npos);
  EXPECT_EQ(html.find("Proposed changes"), std::string::npos);
  EXPECT_EQ(html.find("Tuning: the alternatives"), std::string::npos);
  // The same for the data: attach refuses a stale hash and an empty one.
  ReportData d;
  d.contentHash = contentHash(loaded.ruleset);
  EXPECT_FALSE(attachTuneResult(d, elementTune(), tunedHash));
  EXPECT_FALSE(attachTuneResult(d, elementTune(), ""));
  EXPECT_FALSE(d.tune.has_value());
  EXPECT_TRUE(attachTuneResult(d, elementTune(), d.contentHash));
}

}  // namespace
}  // namespace wb::app
