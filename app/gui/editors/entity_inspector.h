// EntityInspector: everything about the selected card / tile / event / ability
// / faction — name, kind, count and cost where the engine's schema declares
// them for the section (section_fields.h), the `properties:` the engine reads
// (PropertiesEditor: an Elem Master terrain's set / grows / effect, a
// faction's specialty), tags, rules text, assumption note, its problems, and
// its effects (EffectsEditor) where the section has effects. Edits go through the document as
// undo commands; a refused value is kept as typed, its reason shown under it
// and in the Diagnostics dock (RulesetDocument::keepInput). Right-click on
// Count or Cost offers "Sweep this value..." (sweepRequested).
#pragma once

#include <QWidget>

#include "model/core/entity.h"

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QMenu;
class QPlainTextEdit;
class QTimer;

namespace wb::app {

class RulesetDocument;
class EffectsEditor;
class ExpressionEdit;
class ExpressionDistributionView;
class PropertiesEditor;

class EntityInspector : public QWidget {
  Q_OBJECT
 public:
  explicit EntityInspector(RulesetDocument* document, QWidget* parent = nullptr);

  void setEntity(model::Section section, const QString& id);  // empty id = nothing selected
  model::Section section() const { return m_section; }
  QString entityId() const { return m_id; }
  // The context menu of the Count ("count") or Cost ("cost") field, with
  // "Sweep this value..." when the value is a number. The caller owns it.
  QMenu* contextMenuFor(const QString& field);
  EffectsEditor* effectsEditor() const { return m_effects; }
  PropertiesEditor* propertiesEditor() const { return m_properties; }
  // Whether the form shows a field ("count", "cost", "effects") for the entity on show (tests).
  bool showsField(const QString& field) const;

 Q_SIGNALS:
  void message(const QString& text);
  // "Sweep this value..." (right-click on Count or Cost) was chosen for `path`.
  void sweepRequested(const QString& path);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void refresh();
  void commit(const QString& field, const QString& text);
  // Shows the model's value of `field` (cost, count, name), dropping what was typed.
  void showModelValue(const QString& field);
  QString path(const QString& field) const;

  RulesetDocument* m_document;
  model::Section m_section = model::Section::Cards;
  QString m_id;
  QTimer* m_refreshTimer;
  QLabel* m_title;
  QLabel* m_subtitle;
  QWidget* m_body;
  QLabel* m_empty;
  QLineEdit* m_name;
  QComboBox* m_kind;
  QLineEdit* m_count;
  ExpressionEdit* m_cost;
  QLabel* m_costError;
  ExpressionDistributionView* m_costDistribution;
  QLabel* m_tags;
  QPlainTextEdit* m_text;
  QLineEdit* m_assumed;
  QLabel* m_problems;
  EffectsEditor* m_effects;
  PropertiesEditor* m_properties;
  QFormLayout* m_form;
};

}  // namespace wb::app
