#include "app/gui/editors/effects_editor.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QSignalBlocker>
#include <QStyle>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include "app/gui/assumptions/assumption_marks.h"
#include "app/gui/dice_lab/expression_distribution_view.h"
#include "app/gui/document/ruleset_document.h"
#include "app/gui/editors/entity_table_model.h"

namespace wb::app {

namespace {

QToolButton* toolButton(QWidget* parent, QStyle::StandardPixmap icon, const QString& tip) {
  auto* b = new QToolButton(parent);
  b->setIcon(parent->style()->standardIcon(icon));
  b->setToolTip(tip);
  b->setAutoRaise(true);
  return b;
}

// A starting value for an argument of `type`.
std::string defaultArg(const model::ArgSpec& spec) {
  switch (spec.type) {
    case model::ArgType::Expression:
    case model::ArgType::Integer:
    case model::ArgType::Number: return "1";
    case model::ArgType::Bool: return "false";
    case model::ArgType::Enum: return spec.choices.empty() ? "" : spec.choices.front();
    default: return "";
  }
}

}  // namespace

EffectsEditor::EffectsEditor(RulesetDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);

  auto* buttons = new QHBoxLayout;
  auto* title = new QLabel(tr("<b>Effects</b>"), this);
  m_add = toolButton(this, QStyle::SP_FileDialogNewFolder, tr("Add an effect"));
  m_add->setIcon(QIcon());
  m_add->setText(QStringLiteral("+"));
  m_remove = toolButton(this, QStyle::SP_TrashIcon, tr("Remove the selected effect"));
  m_remove->setIcon(QIcon());
  m_remove->setText(QStringLiteral("\u2212"));
  m_up = toolButton(this, QStyle::SP_ArrowUp, tr("Move the selected effect up"));
  m_down = toolButton(this, QStyle::SP_ArrowDown, tr("Move the selected effect down"));
  buttons->addWidget(title);
  buttons->addStretch();
  for (auto* b : {m_add, m_remove, m_up, m_down}) buttons->addWidget(b);
  layout->addLayout(buttons);

  m_list = new QListWidget(this);
  m_list->setMaximumHeight(110);
  m_list->setWordWrap(true);  // long effects wrap instead of scrolling sideways
  m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  m_list->setAlternatingRowColors(true);
  layout->addWidget(m_list);

  auto* opRow = new QHBoxLayout;
  opRow->addWidget(new QLabel(tr("Op"), this));
  m_op = new QComboBox(this);
  m_op->setEditable(true);
  m_op->setInsertPolicy(QComboBox::NoInsert);
  opRow->addWidget(m_op, 1);
  layout->addLayout(opRow);
  m_opHelp = new QLabel(this);
  m_opHelp->setWordWrap(true);
  m_opHelp->setStyleSheet(QStringLiteral("color: #555;"));
  layout->addWidget(m_opHelp);

  m_args = new QTableWidget(0, 3, this);
  m_args->setHorizontalHeaderLabels({tr("Argument"), tr("Value"), tr("Type")});
  m_args->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
  m_args->verticalHeader()->hide();
  m_args->setMaximumHeight(150);
  layout->addWidget(m_args);
  m_distribution = new ExpressionDistributionView(this);
  layout->addWidget(m_distribution);
  m_error = new QLabel(this);
  m_error->setWordWrap(true);
  m_error->setStyleSheet(QStringLiteral("color: #c62828;"));
  m_error->hide();
  layout->addWidget(m_error);

  connect(m_list, &QListWidget::currentRowChanged, this, &EffectsEditor::showEffect);
  connect(m_add, &QToolButton::clicked, this, &EffectsEditor::addEffect);
  connect(m_remove, &QToolButton::clicked, this, &EffectsEditor::removeEffect);
  connect(m_up, &QToolButton::clicked, this, [this] { moveEffect(-1); });
  connect(m_down, &QToolButton::clicked, this, [this] { moveEffect(+1); });
  connect(m_op, &QComboBox::textActivated, this, &EffectsEditor::changeOp);
  connect(m_args, &QTableWidget::itemChanged, this, &EffectsEditor::argEdited);
  // A measurement arrived: the markers follow (edits refresh through the inspector).
  connect(AssumptionMarks::of(document), &AssumptionMarks::measured, this, &EffectsEditor::refresh, Qt::QueuedConnection);
  refresh();
}

const model::Entity* EffectsEditor::entity() const {
  return m_id.isEmpty() ? nullptr : m_document->ruleset().entity(m_section, m_id.toStdString());
}

void EffectsEditor::setEntity(model::Section section, const QString& id) {
  const bool same = section == m_section && id == m_id;
  m_section = section;
  m_id = id;
  m_error->hide();
  refresh();
  if (!same) selectEffect(0);
}

int EffectsEditor::currentEffect() const { return m_list->currentRow(); }

void EffectsEditor::selectEffect(int index) {
  if (index >= 0 && index < m_list->count()) m_list->setCurrentRow(index);
  showEffect(m_list->currentRow());
}

void EffectsEditor::refresh() {
  const model::Entity* e = entity();
  const int keep = m_list->currentRow();
  {
    const QSignalBlocker block(m_list);
    m_list->clear();
    if (e)
      for (const auto& eff : e->effects) m_list->addItem(effectSummary(eff));
    // An effect marked assumed carries its marker (and measured sensitivity).
    for (int i = 0; i < m_list->count(); ++i)
      if (const auto mark = effectMark(i)) {
        m_list->item(i)->setIcon(AssumptionMarks::icon(mark->state));
        m_list->item(i)->setToolTip(mark->tooltip);
        m_list->item(i)->setData(Qt::UserRole, mark->stateName());
      }
    if (m_list->count() > 0) m_list->setCurrentRow(std::clamp(keep, 0, m_list->count() - 1));
  }
  {
    const QSignalBlocker block(m_op);
    m_op->clear();
    if (const auto* schema = m_document->schema())
      for (const auto& op : schema->ops) m_op->addItem(QString::fromStdString(op.op));
  }
  setEnabled(e != nullptr);
  showEffect(m_list->currentRow());
}

void EffectsEditor::showEffect(int index) {
  const model::Entity* e = entity();
  const bool valid = e && index >= 0 && index < static_cast<int>(e->effects.size());
  m_remove->setEnabled(valid);
  m_up->setEnabled(valid && index > 0);
  m_down->setEnabled(valid && e && index + 1 < static_cast<int>(e->effects.size()));
  m_op->setEnabled(valid);
  m_args->setEnabled(valid);
  m_filling = true;
  m_args->setRowCount(0);
  m_distribution->clear();
  if (!valid) {
    const QSignalBlocker block(m_op);
    m_op->setCurrentText(QString());
    m_opHelp->clear();
    m_filling = false;
    return;
  }
  const model::Effect& effect = e->effects[static_cast<std::size_t>(index)];
  {
    const QSignalBlocker block(m_op);
    m_op->setCurrentText(QString::fromStdString(effect.op));
  }
  const model::OpSpec* spec = m_document->schema() ? m_document->schema()->op(effect.op) : nullptr;
  m_opHelp->setText(spec ? QString::fromStdString(spec->description) : tr("Unknown op for this engine."));
  m_opHelp->setVisible(!m_opHelp->text().isEmpty());

  // Written arguments first, then the schema's missing ones (greyed) so they can be filled in.
  std::vector<std::pair<std::string, std::string>> rows;
  for (const auto& a : effect.args) {
    std::string text = a.text;
    if (a.isList) {
      text.clear();
      for (const auto& item : a.items) text += (text.empty() ? "" : ", ") + item;
    }
    rows.emplace_back(a.key, text);
  }
  const std::size_t written = rows.size();
  if (spec)
    for (const auto& as : spec->args)
      if (!effect.arg(as.key)) rows.emplace_back(as.key, std::string());
  m_args->setRowCount(static_cast<int>(rows.size()));
  QStringList keptProblems;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const model::ArgSpec* as = spec ? spec->arg(rows[r].first) : nullptr;
    auto* key = new QTableWidgetItem(QString::fromStdString(rows[r].first));
    key->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    auto* value = new QTableWidgetItem(QString::fromStdString(rows[r].second));
    QString type = as ? QString::fromLatin1(model::toString(as->type)) : tr("unknown");
    if (as && !as->choices.empty()) {
      QStringList c;
      for (const auto& s : as->choices) c << QString::fromStdString(s);
      type += QStringLiteral(": ") + c.join(QLatin1Char('|'));
    }
    if (r >= written) {
      key->setForeground(QColor(0x88, 0x88, 0x88));
      value->setToolTip(as && as->required ? tr("required, not set") : tr("optional, not set"));
    } else if (as) {
      value->setToolTip(QString::fromStdString(as->description));
    }
    // Input that could not be applied stays as typed, framed in red.
    const QString kept = argPath(index, QString::fromStdString(rows[r].first));
    if (m_document->hasKeptInput(kept)) {
      value->setText(m_document->keptText(kept));
      value->setBackground(QColor(0xfd, 0xec, 0xea));
      value->setForeground(QColor(0xc6, 0x28, 0x28));
      value->setToolTip(m_document->keptProblem(kept));
      keptProblems << m_document->keptProblem(kept);
    }
    // The arguments of an effect marked assumed carry its marker.
    if (const auto mark = effectMark(index); mark && r < written && !m_document->hasKeptInput(kept)) {
      value->setIcon(AssumptionMarks::icon(mark->state));
      value->setBackground(AssumptionMarks::tint(mark->state));
      value->setToolTip(value->toolTip().isEmpty() ? mark->tooltip : value->toolTip() + QStringLiteral("\n\n") + mark->tooltip);
      value->setData(Qt::UserRole, mark->stateName());
    }
    auto* typeItem = new QTableWidgetItem(type);
    typeItem->setFlags(Qt::ItemIsEnabled);
    typeItem->setForeground(QColor(0x66, 0x66, 0x66));
    m_args->setItem(static_cast<int>(r), 0, key);
    m_args->setItem(static_cast<int>(r), 1, value);
    m_args->setItem(static_cast<int>(r), 2, typeItem);
  }
  m_args->resizeColumnToContents(0);
  m_error->setText(keptProblems.join(QLatin1Char('\n')));
  m_error->setVisible(!keptProblems.isEmpty());
  // The exact distribution of the effect's first expression argument (dice lab).
  for (std::size_t r = 0; r < written; ++r) {
    const model::ArgSpec* as = spec ? spec->arg(rows[r].first) : nullptr;
    if (as && as->type == model::ArgType::Expression) {
      m_distribution->setExpression(QString::fromStdString(rows[r].second), &m_document->ruleset());
      break;
    }
  }
  m_filling = false;
}

void EffectsEditor::showError(const QString& text) {
  m_error->setText(text);
  m_error->setVisible(!text.isEmpty());
  if (!text.isEmpty()) Q_EMIT message(text);
}

void EffectsEditor::addEffect() {
  const model::Entity* e = entity();
  if (!e) return;
  model::Effect effect;
  const auto* schema = m_document->schema();
  if (schema && !schema->ops.empty()) {
    // The op of the selected effect, else the engine's first.
    const int cur = currentEffect();
    const std::string op = cur >= 0 ? e->effects[static_cast<std::size_t>(cur)].op : schema->ops.front().op;
    const model::OpSpec* spec = schema->op(op);
    effect.op = op;
    if (spec)
      for (const auto& as : spec->args)
        if (as.required) effect.args.push_back({as.key, defaultArg(as), {}, false});
  } else {
    effect.op = "effect";
  }
  const int at = currentEffect() + 1;
  QString error;
  if (!m_document->addEffect(m_section, m_id, effect, at > 0 ? at : -1, &error)) return showError(error);
  showError({});
  selectEffect(at > 0 ? at : m_list->count() - 1);
}

void EffectsEditor::removeEffect() {
  const int cur = currentEffect();
  QString error;
  if (cur < 0 || !m_document->removeEffect(m_section, m_id, cur, &error)) return showError(error);
  showError({});
  selectEffect(std::min(cur, m_list->count() - 1));
}

void EffectsEditor::moveEffect(int delta) {
  const int cur = currentEffect();
  QString error;
  if (cur < 0 || !m_document->moveEffect(m_section, m_id, cur, cur + delta, &error)) return showError(error);
  showError({});
  selectEffect(cur + delta);
}

void EffectsEditor::changeOp(const QString& op) {
  const model::Entity* e = entity();
  const int cur = currentEffect();
  if (!e || cur < 0 || op.trimmed().isEmpty()) return;
  model::Effect effect = e->effects[static_cast<std::size_t>(cur)];
  if (effect.op == op.toStdString()) return;
  effect.op = op.trimmed().toStdString();
  // Keep the arguments the new op knows; add its required ones.
  if (const auto* spec = m_document->schema() ? m_document->schema()->op(effect.op) : nullptr) {
    std::vector<model::Field> kept;
    for (const auto& a : effect.args)
      if (spec->arg(a.key)) kept.push_back(a);
    for (const auto& as : spec->args)
      if (as.required && std::none_of(kept.begin(), kept.end(), [&](const auto& f) { return f.key == as.key; }))
        kept.push_back({as.key, defaultArg(as), {}, false});
    effect.args = std::move(kept);
  }
  QString error;
  if (!m_document->editEffect(m_section, m_id, cur, effect, &error)) {
    showError(error);
    showEffect(cur);
    return;
  }
  showError({});
}

void EffectsEditor::argEdited(QTableWidgetItem* item) {
  if (m_filling || item->column() != 1) return;
  const model::Entity* e = entity();
  const int cur = currentEffect();
  if (!e || cur < 0) return;
  model::Effect effect = e->effects[static_cast<std::size_t>(cur)];
  const std::string key = m_args->item(item->row(), 0)->text().toStdString();
  const QString text = item->text().trimmed();
  const model::OpSpec* spec = m_document->schema() ? m_document->schema()->op(effect.op) : nullptr;
  const model::ArgSpec* as = spec ? spec->arg(key) : nullptr;
  const bool list = as && (as->type == model::ArgType::DieList || as->type == model::ArgType::TextList);
  model::Field* field = effect.arg(key);
  if (text.isEmpty()) {
    // Clearing a value removes the argument.
    std::erase_if(effect.args, [&](const model::Field& f) { return f.key == key; });
  } else {
    if (!field) {
      effect.args.push_back({key, {}, {}, false});
      field = &effect.args.back();
    }
    field->isList = list || field->isList;
    if (field->isList) {
      field->text.clear();
      field->items.clear();
      for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
        field->items.push_back(part.trimmed().toStdString());
    } else {
      field->text = text.toStdString();
    }
  }
  const QString path = argPath(cur, QString::fromStdString(key));
  QString error;
  if (!m_document->editEffect(m_section, m_id, cur, effect, &error)) {
    m_document->keepInput(path, text, error);  // kept as typed, listed in the Diagnostics dock
    Q_EMIT message(error);
    showEffect(cur);
    return;
  }
  m_document->dropKeptInput(path);
  showError({});
}

std::optional<AssumptionMark> EffectsEditor::effectMark(int effect) const {
  if (m_id.isEmpty() || effect < 0) return std::nullopt;
  return AssumptionMarks::of(m_document)->mark(
      QStringLiteral("%1.%2.effects.%3").arg(QString::fromLatin1(model::toString(m_section)), m_id).arg(effect));
}

QString EffectsEditor::argPath(int effect, const QString& key) const {
  return QStringLiteral("%1.%2.effects.%3.%4")
      .arg(QString::fromLatin1(model::toString(m_section)), m_id)
      .arg(effect)
      .arg(key);
}

}  // namespace wb::app
