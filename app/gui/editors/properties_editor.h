// PropertiesEditor: the inspector's `properties:` form for one entity — one
// row per key the engine declares for its section and kind (section_fields.h),
// each edited the way its type asks: a choice list for an enum (a terrain's
// set and effect), check boxes for a list of known words (the elements a
// terrain grows), a picker of the referenced section's entities (an Elem
// Master faction's specialty, "none" for the baseline), a check box for a
// bool and a line edit otherwise (lists separated by ";"). Edits go through
// RulesetDocument::setProperty as undo steps; a refused value is kept as
// typed with its reason (RulesetDocument::keepInput). The rows go into the
// inspector's own form (aligned with Name, Kind, ...), just above this widget,
// which shows a refused value's reason.
#pragma once

#include <QWidget>

#include <map>
#include <string>

#include "model/core/entity.h"

class QFormLayout;
class QLabel;

namespace wb::app {

class RulesetDocument;

class PropertiesEditor : public QWidget {
  Q_OBJECT
 public:
  // `form`: the form the rows go into, above this widget (which must be in it);
  // nullptr: a form of its own.
  PropertiesEditor(RulesetDocument* document, QFormLayout* form, QWidget* parent = nullptr);

  void setEntity(model::Section section, const QString& id);  // empty id = none
  void refresh();
  // The editor widget of a key (tests), nullptr when the key is not shown.
  QWidget* editorFor(const QString& key) const;
  int rowCount() const;
  // "two_player" -> "Two player": a property's label in forms and table headers.
  static QString title(const std::string& key);

 Q_SIGNALS:
  void message(const QString& text);

 private:
  void rebuild();
  QWidget* makeEditor(const model::Entity& entity, const std::string& key);
  void commit(const std::string& key, const model::Field& value);
  QString path(const std::string& key) const;

  RulesetDocument* m_document;
  model::Section m_section = model::Section::Cards;
  QString m_id;
  QFormLayout* m_form;
  QLabel* m_error;
  bool m_ownForm = false;
  std::map<std::string, QWidget*> m_editors;
  QString m_shape;  // entity id, kind and keys the form was built for
};

}  // namespace wb::app
