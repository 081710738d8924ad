#include "app/gui/editors/properties_editor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>

#include <algorithm>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/editors/section_fields.h"

namespace wb::app {

namespace {

const QString kListSeparator = QStringLiteral("; ");

QString joinItems(const std::vector<std::string>& items) {
  QStringList out;
  for (const auto& i : items) out << QString::fromStdString(i);
  return out.join(kListSeparator);
}

std::vector<std::string> splitItems(const QString& text) {
  std::vector<std::string> out;
  for (const QString& part : text.split(QLatin1Char(';')))
    if (const QString t = part.trimmed(); !t.isEmpty()) out.push_back(t.toStdString());
  return out;
}

QString valueText(const model::Field* f) {
  if (!f) return {};
  return f->isList ? joinItems(f->items) : QString::fromStdString(f->text);
}

}  // namespace

PropertiesEditor::PropertiesEditor(RulesetDocument* document, QFormLayout* form, QWidget* parent)
    : QWidget(parent), m_document(document), m_form(form) {
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  if (!m_form) {
    m_ownForm = true;
    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    outer->addLayout(m_form);
  }
  m_error = new QLabel(this);
  m_error->setStyleSheet(QStringLiteral("color: #c62828;"));
  m_error->setWordWrap(true);
  m_error->hide();
  outer->addWidget(m_error);
  if (!m_ownForm) hide();  // shown with a refused value's reason
}

QString PropertiesEditor::path(const std::string& key) const {
  return QStringLiteral("%1.%2.properties.%3")
      .arg(QString::fromLatin1(model::toString(m_section)), m_id, QString::fromStdString(key));
}

void PropertiesEditor::setEntity(model::Section section, const QString& id) {
  m_section = section;
  m_id = id;
  m_error->hide();
  if (!m_ownForm) hide();
  m_shape.clear();
  refresh();
}

QWidget* PropertiesEditor::editorFor(const QString& key) const {
  const auto it = m_editors.find(key.toStdString());
  return it == m_editors.end() ? nullptr : it->second;
}

int PropertiesEditor::rowCount() const { return static_cast<int>(m_editors.size()); }

QString PropertiesEditor::title(const std::string& key) {
  QString t = QString::fromStdString(key).replace(QLatin1Char('_'), QLatin1Char(' '));
  if (!t.isEmpty()) t[0] = t[0].toUpper();
  return t;
}

void PropertiesEditor::refresh() {
  const model::Entity* e = m_id.isEmpty() ? nullptr : m_document->ruleset().entity(m_section, m_id.toStdString());
  QString shape;
  std::vector<std::string> keys;
  if (e) {
    keys = shownFields(m_document->schema(), m_document->ruleset(), m_section, e).properties;
    shape = m_id + QLatin1Char('|') + QString::fromStdString(e->kind);
    for (const auto& k : keys) shape += QLatin1Char('|') + QString::fromStdString(k);
  }
  // Rebuild the rows when the entity, its kind or its keys changed; else only
  // put the values in (keeps focus while typing elsewhere).
  if (shape != m_shape) {
    m_shape = shape;
    for (auto& [key, editor] : m_editors) m_form->removeRow(editor);
    m_editors.clear();
    if (e)
      for (const auto& key : keys) {
        QWidget* editor = makeEditor(*e, key);
        auto* label = new QLabel(title(key), editor->parentWidget());
        QString tip = QStringLiteral("properties.%1").arg(QString::fromStdString(key));
        if (const auto* spec = m_document->schema() ? m_document->schema()->property(key) : nullptr)
          tip += QStringLiteral(": ") + QString::fromStdString(spec->description);
        label->setToolTip(tip);
        editor->setToolTip(tip);
        // Above this widget in the shared form; at the end of a form of its own.
        int row = m_form->rowCount();
        if (!m_ownForm) {
          QFormLayout::ItemRole itemRole{};
          m_form->getWidgetPosition(this, &row, &itemRole);
          if (row < 0) row = m_form->rowCount();
        }
        m_form->insertRow(row, label, editor);
        m_editors[key] = editor;
      }
  }
  if (m_ownForm) setVisible(!m_editors.empty());
  if (!e) return;
  for (const auto& [key, editor] : m_editors) {
    const model::Field* f = e->property(key);
    const QString kept = m_document->hasKeptInput(path(key)) ? m_document->keptText(path(key)) : QString();
    if (auto* combo = qobject_cast<QComboBox*>(editor)) {
      const QSignalBlocker block(combo);
      const QString current = valueText(f);
      int index = combo->findData(current);
      if (index < 0) {  // a value the choices do not hold: shown as it is (the Diagnostics dock says why)
        combo->addItem(current.isEmpty() ? tr("(none)") : current, current);
        index = combo->count() - 1;
      }
      combo->setCurrentIndex(index);
    } else if (auto* check = qobject_cast<QCheckBox*>(editor)) {
      const QSignalBlocker block(check);
      check->setChecked(f && f->asBool().value_or(false));
    } else if (auto* line = qobject_cast<QLineEdit*>(editor)) {
      if (!line->hasFocus()) line->setText(kept.isEmpty() ? valueText(f) : kept);
      line->setStyleSheet(kept.isEmpty() ? QString() : QStringLiteral("QLineEdit { border: 1px solid #c62828; }"));
    } else {  // a row of check boxes: the known words of a list
      for (auto* box : editor->findChildren<QCheckBox*>()) {
        const QSignalBlocker block(box);
        const std::string word = box->property("word").toString().toStdString();
        box->setChecked(f && std::find(f->items.begin(), f->items.end(), word) != f->items.end());
      }
    }
  }
}

QWidget* PropertiesEditor::makeEditor(const model::Entity& entity, const std::string& key) {
  using model::ArgType;
  // In the inspector's form the rows belong to the form's widget.
  QWidget* owner = m_ownForm || !parentWidget() ? this : parentWidget();
  const model::EngineSchema* schema = m_document->schema();
  const model::PropertySpec* spec = schema ? schema->property(key) : nullptr;
  const model::Field* current = entity.property(key);
  ArgType type = spec ? spec->type : (current && current->isList ? ArgType::TextList : ArgType::Text);
  auto scalar = [key](const QString& text) {
    model::Field f;
    f.key = key;
    f.text = text.toStdString();
    return f;
  };
  auto list = [key](std::vector<std::string> items) {
    model::Field f;
    f.key = key;
    f.isList = true;
    f.items = std::move(items);
    return f;
  };

  if (type == ArgType::Enum || type == ArgType::EntityRef || type == ArgType::DieRef) {
    auto* combo = new QComboBox(owner);
    if (type == ArgType::Enum) {
      for (const auto& c : spec->choices) combo->addItem(QString::fromStdString(c), QString::fromStdString(c));
    } else {
      combo->addItem(tr("(none)"), QString());
      if (type == ArgType::DieRef) {
        for (const auto& d : m_document->ruleset().dice)
          combo->addItem(QString::fromStdString(d.id), QString::fromStdString(d.id));
      } else {
        // The section the reference names (a faction's specialty: the abilities), else every section.
        const model::SectionFields* fields = schema ? schema->fields(m_section) : nullptr;
        const auto ref = fields ? fields->references.find(key) : std::map<std::string, model::Section>::const_iterator{};
        for (model::Section s : model::kSections) {
          if (fields && ref != fields->references.end() && ref->second != s) continue;
          for (const auto& target : m_document->ruleset().entities(s)) {
            if (target.id == entity.id) continue;
            const QString id = QString::fromStdString(target.id);
            combo->addItem(target.name.empty() || target.name == target.id
                               ? id
                               : QStringLiteral("%1  (%2)").arg(QString::fromStdString(target.name), id),
                           id);
          }
        }
      }
    }
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(12);
    connect(combo, &QComboBox::activated, this,
            [this, combo, key, scalar](int index) { commit(key, scalar(combo->itemData(index).toString())); });
    return combo;
  }
  if (type == ArgType::Bool) {
    auto* check = new QCheckBox(owner);
    connect(check, &QCheckBox::clicked, this, [this, key, scalar](bool on) {
      commit(key, scalar(on ? QStringLiteral("true") : QStringLiteral("false")));
    });
    return check;
  }
  if (type == ArgType::TextList && spec && !spec->choices.empty()) {
    auto* row = new QWidget(owner);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    for (const auto& word : spec->choices) {
      auto* box = new QCheckBox(QString::fromStdString(word), row);
      box->setProperty("word", QString::fromStdString(word));
      layout->addWidget(box);
      connect(box, &QCheckBox::clicked, this, [this, row, key, list, spec] {
        std::vector<std::string> items;  // in the schema's order
        for (const auto& w : spec->choices)
          for (auto* b : row->findChildren<QCheckBox*>())
            if (b->isChecked() && b->property("word").toString().toStdString() == w) items.push_back(w);
        commit(key, list(items));
      });
    }
    layout->addStretch();
    return row;
  }
  auto* line = new QLineEdit(owner);
  const bool isList = type == ArgType::TextList || type == ArgType::DieList;
  if (isList) line->setPlaceholderText(tr("items separated by ;"));
  connect(line, &QLineEdit::editingFinished, this, [this, line, key, isList, scalar, list] {
    commit(key, isList ? list(splitItems(line->text())) : scalar(line->text().trimmed()));
  });
  return line;
}

void PropertiesEditor::commit(const std::string& key, const model::Field& value) {
  if (m_id.isEmpty()) return;
  QString error;
  if (m_document->setProperty(m_section, m_id, value, &error)) {
    m_document->dropKeptInput(path(key));
    m_error->hide();
    if (!m_ownForm) hide();
  } else {
    const QString typed = value.isList ? joinItems(value.items) : QString::fromStdString(value.text);
    m_document->keepInput(path(key), typed, error);
    m_error->setText(tr("%1: %2").arg(title(key), error));
    m_error->show();
    show();
    Q_EMIT message(tr("%1: %2").arg(path(key), error));
  }
  refresh();
}

}  // namespace wb::app
