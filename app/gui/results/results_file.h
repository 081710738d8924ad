// ResultsFile: the results of a ruleset kept beside it, so they reopen with
// it: `card-dice.yaml` -> `card-dice.results.json`,
// one JSON file per ruleset (data/schema/results-file.md). It holds the last
// finished run of the Simulation tab with the ruleset's content hash
// (app/report/report_data.h contentHash), the run's settings and agents, and
// the run's statistics bit for bit (RunStatsCodec, base64), so the window
// shows the same numbers after a restart and File > Export Report reuses
// them instead of playing the games again.
//
// Writing never loses what is there: the other keys of the file (also ones
// this version does not know) are kept; a file of a newer version is not
// replaced (the save fails and says so); a file that cannot be read as a
// results file (damaged, truncated, another program's) is kept as
// `NAME.bak` before the new one is written. The parsing is Qt Core only
// (no display), so that tests/fuzz reads the file as the window does.
#pragma once

#include <QByteArray>
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

// A results file's bytes as the window reads them.
struct ParsedResults {
  enum class Status { Ok, Damaged, Newer };
  Status status = Status::Ok;
  QJsonObject root;  // Ok: the whole file, every key
  int version = 0;   // Newer: the file's version
  QString why;       // Damaged / Newer: in words
};

class ResultsFile {
 public:
  static constexpr int kVersion = 1;
  // The bytes of a results file: its root (Ok), or why it cannot be read.
  static ParsedResults parse(const QByteArray& bytes);
  // The run under the root's "run" key; nullopt (and `why`) when it is not one this version reads.
  static std::optional<StoredRun> runFromJson(const QJsonObject& run, QString* why = nullptr);
  // `dir/stem.results.json` for `dir/stem.yaml`; "" for an unsaved ruleset.
  static QString pathFor(const QString& rulesetPath);
  // Writes (atomically) the run into the results file of `rulesetPath`.
  // `note` (when not null) says what else was done: "kept the damaged file as X.bak".
  static bool saveRun(const QString& rulesetPath, const StoredRun& stored, QString* error = nullptr,
                      QString* note = nullptr);
  // The run kept beside `rulesetPath`; nullopt when there is none or the file
  // is not one this version reads (`error` says why, "" when there is none).
  static std::optional<StoredRun> loadRun(const QString& rulesetPath, QString* error = nullptr);
  // One more kind of result under its own top-level key ("specialties"),
  // written without touching the others (the run included): the file is read,
  // the key replaced, and the file written atomically.
  static bool saveSection(const QString& rulesetPath, const QString& key, const QJsonObject& value,
                          QString* error = nullptr, QString* note = nullptr);
  // The object under `key`; nullopt when there is none or the file is not one
  // this version reads (`error` says why, "" when there is none).
  static std::optional<QJsonObject> loadSection(const QString& rulesetPath, const QString& key,
                                                QString* error = nullptr);
};

}  // namespace wb::app
