// ResultsFile: the results of a ruleset kept beside it, so they reopen with
// it: `card-dice.yaml` -> `card-dice.results.json`,
// one JSON file per ruleset (data/schema/results-file.md). It holds the last
// finished run of the Simulation tab with the ruleset's content hash
// (app/report/report_data.h contentHash), the run's settings and agents, and
// the run's statistics bit for bit (RunStatsCodec, base64), so the window
// shows the same numbers after a restart and File > Export Report reuses
// them instead of playing the games again.
#pragma once

#include <QJsonObject>
#include <QString>

#include <optional>
#include <string>

#include "simulation/runner/run_result.h"

namespace wb::app {

struct StoredRun {
  std::string contentHash;  // of the ruleset the run was played on
  QString savedAt;          // UTC, ISO 8601
  sim::RunResult run;
};

class ResultsFile {
 public:
  static constexpr int kVersion = 1;
  // `dir/stem.results.json` for `dir/stem.yaml`; "" for an unsaved ruleset.
  static QString pathFor(const QString& rulesetPath);
  // Writes (atomically) the run into the results file of `rulesetPath`.
  static bool saveRun(const QString& rulesetPath, const StoredRun& stored, QString* error = nullptr);
  // The run kept beside `rulesetPath`; nullopt when there is none or the file
  // is not one this version reads (`error` says why, "" when there is none).
  static std::optional<StoredRun> loadRun(const QString& rulesetPath, QString* error = nullptr);
  // One more kind of result under its own top-level key ("specialties"),
  // written without touching the others (the run included): the file is read,
  // the key replaced, and the file written atomically.
  static bool saveSection(const QString& rulesetPath, const QString& key, const QJsonObject& value,
                          QString* error = nullptr);
  // The object under `key`; nullopt when there is none or the file is not one
  // this version reads (`error` says why, "" when there is none).
  static std::optional<QJsonObject> loadSection(const QString& rulesetPath, const QString& key,
                                                QString* error = nullptr);
};

}  // namespace wb::app
