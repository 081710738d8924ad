// AssumptionMarks: the marker every value marked `assumed` carries in the
// workbench's editors, with its measured sensitivity when
// an assumptions result exists for the ruleset as it is now.
//
// One per document (AssumptionMarks::of), shared by the parameter and entity
// tables, the effects editor and the "Measure assumptions" bar. It lists the
// marks (sim::assumedValues, the same list `balance assumptions` plays) and
// keeps the last measurement (an AssumptionsJob: the same computation as
// `balance assumptions`, off the GUI thread) with the content hash of the
// ruleset it was played on. A mark shows a measurement only while the open
// ruleset still hashes the same ("Results name their revision"); after an
// edit it says the measurement is of another revision.
//
// States: Unmeasured (grey "A"), Changes (orange: a conclusion changes
// significantly after Holm), NoChange (green: nothing detectable, with the
// change the games could have detected), Unplayable (grey outline: a reading
// in words or a value with no alternative, with the reason), Stale (grey, the
// measurement is of another revision).
#pragma once

#include <QColor>
#include <QHash>
#include <QIcon>
#include <QObject>
#include <QString>

#include <memory>
#include <optional>
#include <string>

#include "model/core/ruleset.h"
#include "simulation/assumptions/assumption_runner.h"
#include "simulation/runner/run_config.h"

namespace wb::app {

class RulesetDocument;
class AssumptionsJob;

struct AssumptionMark {
  enum class State { Unmeasured, Changes, NoChange, Unplayable, Stale };
  State state = State::Unmeasured;
  QString path;         // "parameters.diagonal_steps", "cards.treasury", "cards.x.effects.0"
  QString note;         // the `assumed:` text
  QString alternatives; // "false" / "100, 200"; "" when none can be played
  QString sensitivity;  // one line: the largest change, "no detectable change (...)", or why not playable
  QString tooltip;      // the whole story, for the cell's tooltip
  QString stateName() const;  // "unmeasured", "changes", "no-change", "unplayable", "stale" (tests, AssumedRole)
};

class AssumptionMarks : public QObject {
  Q_OBJECT
 public:
  // The document's marks (created on first use, a child of the document).
  static AssumptionMarks* of(RulesetDocument* document);
  ~AssumptionMarks() override;

  // The mark of `path` (exact: a parameter, an entity, an effect), or none.
  std::optional<AssumptionMark> mark(const QString& path) const;
  // How many values are marked / playable in the open ruleset.
  int markCount() const;
  // The icon a mark shows (a small "A" badge in the state's colour).
  static QIcon icon(AssumptionMark::State state);
  // A light tint for the marked cell's background.
  static QColor tint(AssumptionMark::State state);

  // --- The measurement. ---
  // Starts `balance assumptions` on a snapshot of the open ruleset with
  // `config` (games, seed, agents, players, threads); false with `why` when
  // it cannot start (errors in the ruleset, nothing marked, already running).
  bool measure(const sim::RunConfig& config, QString* why = nullptr);
  void cancel();
  bool isRunning() const;
  sim::AssumptionsProgress progress() const;
  // The last finished measurement (nullopt: none yet), and whether it was
  // played on the ruleset as it is now.
  const std::optional<sim::AssumptionsResult>& result() const { return m_result; }
  bool resultIsCurrent() const;
  // Takes a finished result played on `played` (the job does this; tests may too).
  void setResult(const model::Ruleset& played, sim::AssumptionsResult result);
  void clearResult();
  // One line for the bar: what the last measurement found.
  QString summary() const;

 Q_SIGNALS:
  void changed();     // marks or the measurement changed: views repaint
  void measured();    // a measurement was taken (setResult) or forgotten (clearResult)
  void started();
  void progressed();
  void finished();    // a measurement ended (done, cancelled or failed); see message
  void message(const QString& text);

 private:
  explicit AssumptionMarks(RulesetDocument* document);
  void invalidate();
  void rebuild() const;
  void onJobFinished();

  RulesetDocument* m_document;
  mutable bool m_dirty = true;
  mutable QHash<QString, AssumptionMark> m_marks;
  mutable std::string m_currentHash;
  std::optional<sim::AssumptionsResult> m_result;
  std::string m_resultHash;
  std::unique_ptr<AssumptionsJob> m_job;
};

}  // namespace wb::app
