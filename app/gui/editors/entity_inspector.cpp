#include "app/gui/editors/entity_inspector.h"

#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QSignalBlocker>
#include <QTimer>
#include <QVBoxLayout>

#include <memory>

#include "app/gui/dice_lab/expression_distribution_view.h"
#include "app/gui/document/ruleset_document.h"
#include "app/gui/editors/effects_editor.h"
#include "app/gui/editors/expression_edit.h"
#include "app/gui/editors/properties_editor.h"
#include "app/gui/editors/section_fields.h"
#include "app/gui/sweep/sweep_action.h"
#include "model/path/ruleset_path.h"

namespace wb::app {

namespace {
QString singular(model::Section s) {
  switch (s) {
    case model::Section::Cards: return QObject::tr("Card");
    case model::Section::Tiles: return QObject::tr("Tile");
    case model::Section::Events: return QObject::tr("Event");
    case model::Section::Abilities: return QObject::tr("Ability");
    case model::Section::Factions: return QObject::tr("Faction");
  }
  return {};
}
}  // namespace

EntityInspector::EntityInspector(RulesetDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_refreshTimer(new QTimer(this)) {
  m_refreshTimer->setSingleShot(true);
  m_refreshTimer->setInterval(0);
  connect(m_refreshTimer, &QTimer::timeout, this, &EntityInspector::refresh);

  auto* outer = new QVBoxLayout(this);
  m_title = new QLabel(this);
  QFont big = m_title->font();
  big.setPointSizeF(big.pointSizeF() * 1.3);
  big.setBold(true);
  m_title->setFont(big);
  m_subtitle = new QLabel(this);
  m_subtitle->setStyleSheet(QStringLiteral("color: #666;"));
  m_subtitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
  outer->addWidget(m_title);
  outer->addWidget(m_subtitle);
  m_empty = new QLabel(tr("Select a card, tile, event, ability or faction\nto see and edit it here."), this);
  m_empty->setAlignment(Qt::AlignCenter);
  m_empty->setStyleSheet(QStringLiteral("color: #888;"));
  outer->addWidget(m_empty, 1);

  m_body = new QWidget(this);
  auto* body = new QVBoxLayout(m_body);
  body->setContentsMargins(0, 0, 0, 0);
  auto* form = new QFormLayout;
  form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  m_name = new QLineEdit(m_body);
  m_kind = new QComboBox(m_body);
  m_kind->setEditable(true);
  m_kind->setInsertPolicy(QComboBox::NoInsert);
  // A line edit, not a spin box: a typed count out of range is refused with
  // its reason and kept as typed, never clamped silently.
  m_count = new QLineEdit(m_body);
  m_cost = new ExpressionEdit(m_body);
  // No cost is no problem (most tiles, events and factions have none).
  m_cost->setChecker([this](const QString& text, int* column) {
    return text.trimmed().isEmpty() ? QString() : m_document->checkExpression(text, column);
  });
  m_costError = new QLabel(m_body);
  m_costError->setStyleSheet(QStringLiteral("color: #c62828;"));
  m_costError->setWordWrap(true);  // a long reason wraps; it never widens the dock
  m_costError->hide();
  m_tags = new QLabel(m_body);
  m_tags->setWordWrap(true);
  m_tags->setAlignment(Qt::AlignLeft | Qt::AlignTop);
  m_text = new QPlainTextEdit(m_body);
  m_text->setMaximumHeight(80);
  m_text->setTabChangesFocus(true);
  m_text->installEventFilter(this);
  m_assumed = new QLineEdit(m_body);
  m_assumed->setPlaceholderText(tr("why the value is assumed (empty = from a source)"));
  form->addRow(tr("Name"), m_name);
  form->addRow(tr("Kind"), m_kind);
  form->addRow(tr("Count"), m_count);
  form->addRow(tr("Cost"), m_cost);
  form->addRow(QString(), m_costError);
  m_costDistribution = new ExpressionDistributionView(m_body);
  form->addRow(QString(), m_costDistribution);
  m_properties = new PropertiesEditor(document, form, m_body);
  form->addRow(m_properties);
  form->addRow(tr("Tags"), m_tags);
  form->addRow(tr("Rules text"), m_text);
  form->addRow(tr("Assumed"), m_assumed);
  body->addLayout(form);
  m_form = form;
  m_problems = new QLabel(m_body);
  m_problems->setWordWrap(true);
  m_problems->setStyleSheet(QStringLiteral("QLabel { color: #8a1c1c; background: #fdecea; padding: 4px; }"));
  m_problems->hide();
  body->addWidget(m_problems);
  m_effects = new EffectsEditor(document, m_body);
  body->addWidget(m_effects);
  body->addStretch();
  outer->addWidget(m_body, 1);

  connect(m_name, &QLineEdit::editingFinished, this, [this] { commit(QStringLiteral("name"), m_name->text()); });
  connect(m_kind, &QComboBox::textActivated, this, [this](const QString& t) { commit(QStringLiteral("kind"), t); });
  connect(m_count, &QLineEdit::editingFinished, this,
          [this] { commit(QStringLiteral("count"), m_count->text().trimmed()); });
  connect(m_cost, &ExpressionEdit::errorChanged, this, [this](const QString& e) {
    m_costError->setText(e);
    m_costError->setVisible(!e.isEmpty());
  });
  connect(m_cost, &QLineEdit::textChanged, this,
          [this](const QString& t) { m_costDistribution->setExpression(t, &m_document->ruleset()); });
  connect(m_cost, &QLineEdit::editingFinished, this, [this] {
    // An invalid cost is kept as typed (and listed in the Diagnostics dock)
    // rather than thrown away; a valid one is applied.
    if (m_cost->isValid())
      commit(QStringLiteral("cost"), m_cost->text().trimmed());
    else if (!m_id.isEmpty())
      m_document->keepInput(path(QStringLiteral("cost")), m_cost->text().trimmed(), m_cost->errorMessage());
  });
  connect(m_assumed, &QLineEdit::editingFinished, this,
          [this] { commit(QStringLiteral("assumed"), m_assumed->text()); });
  connect(m_effects, &EffectsEditor::message, this, &EntityInspector::message);
  connect(m_properties, &PropertiesEditor::message, this, &EntityInspector::message);
  for (auto [widget, field] : {std::pair<QWidget*, QString>{m_count, QStringLiteral("count")},
                               std::pair<QWidget*, QString>{m_cost, QStringLiteral("cost")}}) {
    widget->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(widget, &QWidget::customContextMenuRequested, this, [this, widget, field](const QPoint& pos) {
      std::unique_ptr<QMenu> menu(contextMenuFor(field));
      if (!menu->isEmpty()) menu->exec(widget->mapToGlobal(pos));
    });
  }
  // Esc in a field drops what was typed there and could not be applied.
  for (QWidget* w : {static_cast<QWidget*>(m_name), static_cast<QWidget*>(m_count), static_cast<QWidget*>(m_cost)})
    w->installEventFilter(this);
  connect(document, &RulesetDocument::keptInputDiscarded, this, [this](const QString& p) {
    if (p == path(QStringLiteral("cost")) || p == path(QStringLiteral("count")) || p == path(QStringLiteral("name")))
      showModelValue(p.section(QLatin1Char('.'), -1));
  });
  connect(document, &RulesetDocument::changed, this, [this] { m_refreshTimer->start(); });
  connect(document, &RulesetDocument::reset, this, [this] { m_refreshTimer->start(); });
  connect(document, &RulesetDocument::diagnosticsChanged, this, [this] { m_refreshTimer->start(); });
  refresh();
}

QString EntityInspector::path(const QString& field) const {
  return QStringLiteral("%1.%2.%3").arg(QString::fromLatin1(model::toString(m_section)), m_id, field);
}

void EntityInspector::setEntity(model::Section section, const QString& id) {
  m_section = section;
  m_id = id;
  m_costError->hide();
  m_properties->setEntity(section, id);
  refresh();
  m_effects->setEntity(section, id);
}

bool EntityInspector::showsField(const QString& field) const {
  if (field == QLatin1String("count")) return m_form->isRowVisible(m_count);
  if (field == QLatin1String("cost")) return m_form->isRowVisible(m_cost);
  if (field == QLatin1String("effects")) return !m_effects->isHidden();
  return false;
}

QMenu* EntityInspector::contextMenuFor(const QString& field) {
  // The cost keeps the line edit's own entries (cut, copy, paste, ...).
  QMenu* menu = field == QLatin1String("cost")    ? m_cost->createStandardContextMenu()
                : field == QLatin1String("count") ? m_count->createStandardContextMenu()
                                                  : new QMenu(this);
  if (!m_id.isEmpty()) {
    if (!menu->isEmpty()) menu->addSeparator();
    addSweepAction(menu, m_document->ruleset(), path(field), [this](const QString& p) { Q_EMIT sweepRequested(p); });
  }
  return menu;
}

bool EntityInspector::eventFilter(QObject* watched, QEvent* event) {
  if (watched == m_text && event->type() == QEvent::FocusOut) commit(QStringLiteral("text"), m_text->toPlainText());
  if (event->type() == QEvent::KeyPress && static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape && !m_id.isEmpty()) {
    const QString field = watched == m_cost    ? QStringLiteral("cost")
                          : watched == m_count ? QStringLiteral("count")
                          : watched == m_name  ? QStringLiteral("name")
                                               : QString();
    if (!field.isEmpty()) {
      m_document->dropKeptInput(path(field));
      showModelValue(field);
      return true;
    }
  }
  return QWidget::eventFilter(watched, event);
}

void EntityInspector::showModelValue(const QString& field) {
  const model::Entity* e = m_id.isEmpty() ? nullptr : m_document->ruleset().entity(m_section, m_id.toStdString());
  if (!e) return;
  if (field == QLatin1String("cost")) {
    const model::Cost* cost = e->cost();
    m_cost->setText(cost ? QString::fromStdString(cost->amount.text()) : QString());
  } else if (field == QLatin1String("count")) {
    const QSignalBlocker block(m_count);
    m_count->setText(QString::number(e->count));
  } else if (field == QLatin1String("name")) {
    const QSignalBlocker block(m_name);
    m_name->setText(QString::fromStdString(e->name));
  }
  refresh();
}

void EntityInspector::commit(const QString& field, const QString& text) {
  if (m_id.isEmpty()) return;
  const auto current = model::getPath(m_document->ruleset(), path(field).toStdString());
  if (current && QString::fromStdString(current->text) == text) {
    m_document->dropKeptInput(path(field));  // back to the model's value
    return;
  }
  QString error;
  if (!m_document->setValue(path(field), text, &error)) {
    // Kept as typed, the problem shown in place and in the Diagnostics dock.
    m_document->keepInput(path(field), text, error);
    Q_EMIT message(tr("%1: %2").arg(path(field), error));
    refresh();
  }
}

void EntityInspector::refresh() {
  const model::Entity* e = m_id.isEmpty() ? nullptr : m_document->ruleset().entity(m_section, m_id.toStdString());
  m_body->setVisible(e != nullptr);
  m_empty->setVisible(e == nullptr);
  if (!e) {
    m_title->setText(tr("Inspector"));
    m_subtitle->clear();
    m_effects->setEntity(m_section, QString());
    return;
  }
  m_title->setText(QString::fromStdString(e->name.empty() ? e->id : e->name));
  QString sub = QStringLiteral("%1 \u00b7 %2").arg(singular(m_section), QString::fromStdString(e->id));
  if (e->origin.loc.known()) sub += QStringLiteral(" \u00b7 line %1").arg(e->origin.loc.line);
  m_subtitle->setText(sub);

  // Only what the engine declares for the section (and what the entity has).
  const ShownFields shown = shownFields(m_document->schema(), m_document->ruleset(), m_section, e);
  const QString countPath0 = path(QStringLiteral("count")), costPath0 = path(QStringLiteral("cost"));
  m_form->setRowVisible(m_count, shown.count || m_document->hasKeptInput(countPath0));
  const bool showCost = shown.cost || m_document->hasKeptInput(costPath0);
  m_form->setRowVisible(m_cost, showCost);
  m_form->setRowVisible(m_costDistribution, showCost);
  if (!showCost) m_costError->hide();
  m_effects->setVisible(shown.effects);
  // Without the effects editor the space left goes below the form, not into its rows.
  if (auto* body = qobject_cast<QVBoxLayout*>(m_body->layout())) body->setStretch(body->count() - 1, shown.effects ? 0 : 1);

  const QSignalBlocker b1(m_name), b2(m_kind), b3(m_count), b5(m_assumed), b6(m_text);  // m_cost re-validates on setText
  if (!m_name->hasFocus()) m_name->setText(QString::fromStdString(e->name));
  m_kind->clear();
  if (const auto* schema = m_document->schema()) {
    const auto it = schema->kinds.find(m_section);
    if (it != schema->kinds.end())
      for (const auto& k : it->second) m_kind->addItem(QString::fromStdString(k));
  }
  if (m_kind->findText(QString::fromStdString(e->kind)) < 0) m_kind->addItem(QString::fromStdString(e->kind));
  m_kind->setCurrentText(QString::fromStdString(e->kind));
  if (!m_count->hasFocus()) {
    const QString countPath = path(QStringLiteral("count"));
    m_count->setText(m_document->hasKeptInput(countPath) ? m_document->keptText(countPath) : QString::number(e->count));
    m_count->setStyleSheet(m_document->hasKeptInput(countPath) ? QStringLiteral("QLineEdit { border: 1px solid #c62828; }")
                                                               : QString());
    m_count->setToolTip(m_document->keptProblem(countPath));
  }
  const QString costPath = path(QStringLiteral("cost"));
  if (!m_cost->hasFocus()) {
    const model::Cost* cost = e->cost();
    m_cost->setText(m_document->hasKeptInput(costPath)  ? m_document->keptText(costPath)
                    : cost ? QString::fromStdString(cost->amount.text())
                           : QString());
  }
  // Under a cost the expression checker accepts: why it was not applied, or
  // the validator's problem at the cost's line (a cost of -5).
  if (m_cost->isValid()) {
    QString problem = m_document->keptProblem(costPath);
    const model::SourceLocation at = e->origin.at("cost");
    if (problem.isEmpty() && at.known() && e->origin.keys.count("cost"))
      for (const auto& d : m_document->diagnostics().items())
        if (d.where.file == at.file && d.where.line == at.line) problem = QString::fromStdString(d.message);
    m_costError->setText(problem);
    m_costError->setVisible(!problem.isEmpty());
    // A value the engine refuses (a cost of -5) is framed like a bad expression.
    m_cost->setStyleSheet(m_document->hasKeptInput(costPath)
                              ? QStringLiteral("QLineEdit { border: 1px solid #c62828; background: #fff3f3; }")
                              : QString());
    m_cost->setToolTip(m_document->keptProblem(costPath));
  }
  if (!m_name->hasFocus() && m_document->hasKeptInput(path(QStringLiteral("name"))))
    m_name->setText(m_document->keptText(path(QStringLiteral("name"))));
  QStringList tags;
  for (const auto& t : e->tags) tags << QString::fromStdString(t);
  m_tags->setText(tags.isEmpty() ? tr("(none)") : tags.join(QStringLiteral(", ")));
  if (!m_text->hasFocus()) m_text->setPlainText(QString::fromStdString(e->text));
  if (!m_assumed->hasFocus()) {
    m_assumed->setText(QString::fromStdString(e->assumed));
    // A long reason reads from its start (the full text in the tooltip).
    m_assumed->setCursorPosition(0);
    m_assumed->setToolTip(QString::fromStdString(e->assumed));
  }
  const QStringList problems = m_document->diagnosticsFor(m_section, m_id);
  m_problems->setText(problems.join(QLatin1Char('\n')));
  m_problems->setVisible(!problems.isEmpty());
  m_properties->refresh();
  m_effects->refresh();
}

}  // namespace wb::app
