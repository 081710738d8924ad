// SetTuning: the undo command of the Balance tab's targets and knobs. It
// replaces the ruleset's `targets:` and `knobs:` sections (model::Ruleset::
// tuning, kept as YAML text and written back by the layout-keeping saver) and
// restores the old ones on undo. The document re-validates and signals a
// Value change of the path "tuning" (no value of the game changes).
#pragma once

#include <QUndoCommand>

#include <string>
#include <utility>
#include <vector>

namespace wb::app {

class RulesetDocument;

class SetTuning : public QUndoCommand {
 public:
  using Sections = std::vector<std::pair<std::string, std::string>>;
  SetTuning(RulesetDocument* document, Sections before, Sections after, const QString& description);

  void undo() override;
  void redo() override;

  static constexpr const char* kChangePath = "tuning";

 private:
  void apply(const Sections& sections);
  RulesetDocument* m_document;
  Sections m_before, m_after;
};

}  // namespace wb::app
