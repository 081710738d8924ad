// RulesetDocument: one open ruleset in the workbench — the model::Ruleset, its
// file, the undo stack, the modified state and the current diagnostics.
//
// Every edit goes through an undo command (document/set_value.h,
// entity_commands.h, effect_commands.h); widgets never touch the model. After
// each command the ruleset is re-validated against its engine's schema and the
// change signals fire. A file with errors still opens: its diagnostics are kept
// and shown. Saving is atomic (model::saveRuleset); a change on disk by another
// program is reported through fileChangedOnDisk().
#pragma once

#include <QMap>
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"
#include "model/validation/engine_schema.h"

class QUndoStack;
class QUndoCommand;
class QFileSystemWatcher;

namespace wb::app {

// What a command changed, so views can update only what they show.
struct DocumentChange {
  enum class Kind { Value, Entities, Effects, Everything };
  Kind kind = Kind::Everything;
  QString path;            // Value: the path that changed
  int section = -1;        // Entities / Effects: model::Section as int
  QString entityId;        // Effects: whose effects
};

class RulesetDocument : public QObject {
  Q_OBJECT
 public:
  explicit RulesetDocument(QObject* parent = nullptr);
  ~RulesetDocument() override;

  // Loads `path`. Returns false only if nothing could be read at all (then the
  // diagnostics say why); a file with errors loads and returns true.
  bool open(const QString& path);
  // Loads YAML text (tests, new documents); `fileName` names it in diagnostics.
  void openFromString(const QString& yaml, const QString& fileName);
  bool save(QString* error = nullptr);
  bool saveAs(const QString& path, QString* error = nullptr);
  // Reloads the file from disk, dropping unsaved edits and the undo history.
  bool revert();

  const model::Ruleset& ruleset() const { return m_ruleset; }
  const model::EngineSchema* schema() const { return m_schema; }
  const model::Diagnostics& diagnostics() const { return m_diagnostics; }
  int errorCount() const;
  int warningCount() const;
  QString filePath() const { return m_path; }
  QString displayName() const;   // file name, or the ruleset name when unsaved
  QUndoStack* undoStack() const { return m_undo; }
  bool isModified() const;

  // --- Edits: each pushes one undo command; false (and `error`) when refused,
  //     leaving the ruleset unchanged. ---
  // Any path of model/path/ruleset_path.h. Each committed edit is its own undo
  // step. A value the engine schema refuses (a cost of -5, a count of 0) is
  // refused here with the validator's reason: the model, the undo history and
  // the file only ever hold values that validate.
  bool setValue(const QString& path, const QString& text, QString* error = nullptr);
  // Several values as ONE undo step named `description` (a sweep point's
  // values, applied together); all are checked first, none is set on error.
  // Never merges with an earlier edit of the same path.
  bool setValues(const std::vector<std::pair<QString, QString>>& edits, const QString& description,
                 QString* error = nullptr);
  bool addEntity(model::Section section, const model::Entity& entity, int index = -1,
                 QString* error = nullptr);
  bool removeEntity(model::Section section, const QString& id, QString* error = nullptr);
  bool addEffect(model::Section section, const QString& id, const model::Effect& effect,
                 int index = -1, QString* error = nullptr);
  bool removeEffect(model::Section section, const QString& id, int index, QString* error = nullptr);
  bool moveEffect(model::Section section, const QString& id, int from, int to,
                  QString* error = nullptr);
  // Sets one `properties:` value of an entity, adding the key when the entity
  // has none; a value with empty text that is not a list removes the key (a
  // faction without a specialty). The schema's type is checked first.
  bool setProperty(model::Section section, const QString& id, const model::Field& value, QString* error = nullptr);
  // Replaces a whole effect (op change, arguments added or removed).
  bool editEffect(model::Section section, const QString& id, int index,
                  const model::Effect& effect, QString* error = nullptr);

  // --- Input a widget could not apply (a cost "abc", an amount "earth *
  //     magik", an out-of-range value): kept as the user typed it, shown where
  //     it was typed and listed in diagnostics() as an error at the value's
  //     place, until that value is set (setValue, or dropKeptInput after an
  //     editEffect), the entity or effect is gone, or the document reloads.
  //     It never reaches the model, so saves and simulations ignore it. ---
  void keepInput(const QString& path, const QString& text, const QString& problem);
  void dropKeptInput(const QString& path);
  bool hasKeptInput(const QString& path) const { return m_kept.contains(path); }
  QString keptText(const QString& path) const;
  QString keptProblem(const QString& path) const;
  bool hasAnyKeptInput() const { return !m_kept.isEmpty(); }
  int keptInputCount() const { return static_cast<int>(m_kept.size()); }
  // Drops the input kept last (Esc / the first Ctrl+Z); false when none is kept.
  bool discardLastKeptInput();

  // A fresh id not used by any section: `base`, `base_2`, `base_3`, ...
  QString uniqueEntityId(const QString& base) const;
  // Checks an expression's syntax and names (parameters, dice, engine names);
  // returns "" or a message (with "did you mean 'magic'?" for a misspelt
  // name) and sets `column` (1-based) to where the problem is.
  QString checkExpression(const QString& text, int* column = nullptr) const;
  // The entity whose YAML contains `where` (nullptr if none); `section` receives its section.
  const model::Entity* entityAt(const model::SourceLocation& where, model::Section* section) const;
  // Diagnostics whose location falls inside the entity's YAML.
  QStringList diagnosticsFor(model::Section section, const QString& id) const;

  // --- For undo commands only. ---
  model::Ruleset& rulesetForEdit() { return m_ruleset; }
  void commandApplied(const DocumentChange& change);

 Q_SIGNALS:
  void changed(const wb::app::DocumentChange& change);  // after every edit / undo / redo
  void reset();                 // a new ruleset was loaded (open, revert)
  void diagnosticsChanged();
  void modifiedChanged(bool modified);
  void filePathChanged(const QString& path);
  void fileChangedOnDisk(const QString& path);
  void keptInputDiscarded(const QString& path);  // discardLastKeptInput: show the model's value again

 private:
  void load(const QString& path, const std::string* text);
  void revalidate();
  std::optional<model::SourceLocation> keptLocation(const QString& path) const;
  void watch();
  void onFileChanged(const QString& path);
  bool push(QUndoCommand* command);
  // The first error `trial` has that the open ruleset does not ("" = none):
  // what an edit would break, refused before it reaches the undo stack.
  QString newProblem(const model::Ruleset& trial) const;

  model::Ruleset m_ruleset;
  const model::EngineSchema* m_schema = nullptr;
  model::Diagnostics m_diagnostics;
  // Problems only the loader sees (syntax, unknown keys); kept until saved.
  model::Diagnostics m_loadOnly;
  QString m_path;
  QString m_diskText;   // file content as last read or written, to tell our saves apart
  struct KeptInput {
    QString text, problem;
  };
  QMap<QString, KeptInput> m_kept;  // by path
  QStringList m_keptOrder;          // paths of m_kept, oldest first
  QUndoStack* m_undo = nullptr;
  QFileSystemWatcher* m_watcher = nullptr;
};

}  // namespace wb::app
