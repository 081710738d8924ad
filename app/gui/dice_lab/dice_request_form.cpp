#include "app/gui/dice_lab/dice_request_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

#include "model/core/ruleset.h"

namespace wb::app {

namespace {

const char* const kErrorStyle = "QLineEdit { border: 1px solid #c62828; background: #fff3f3; }";

QString facesSummary(const model::Die& die) {
  QStringList faces;
  for (const auto& f : die.faces) faces << QString::fromStdString(f.symbol);
  if (faces.size() > 8) faces = faces.mid(0, 8) << QStringLiteral("...");
  return faces.join(QStringLiteral(", "));
}

}  // namespace

DiceRequestForm::DiceRequestForm(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* top = new QFormLayout;
  top->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  layout->addLayout(top);

  m_query = new QComboBox(this);
  m_query->addItem(tr("Sum of the dice"));                 // DiceQuery::Sum
  m_query->addItem(tr("Count of faces"));                  // Count
  m_query->addItem(tr("Opposed pools (pair by pair)"));    // Vs
  m_query->addItem(tr("Reach a target (rolls, holds)"));   // Target
  m_query->addItem(tr("Amount expression"));               // Expression
  top->addRow(tr("Query"), m_query);

  m_poolRow = new QWidget(this);
  auto* poolLayout = new QVBoxLayout(m_poolRow);
  poolLayout->setContentsMargins(0, 0, 0, 0);
  m_pool = new QLineEdit(m_poolRow);
  m_pool->setPlaceholderText(QStringLiteral("3d6, 2d6+1d8+2, 6d10!4kh3, 4d{fire:2,earth,Z}"));
  m_pool->setToolTip(tr("Dice notation: NdS, NdS!E (explode at most E times), khK / klK / dhK / dlK,\n"
                        "Nd{face:weight,...} (named faces), Nd[die_id] (a die of the ruleset), + constants"));
  poolLayout->addWidget(m_pool);
  auto* addRow = new QHBoxLayout;
  m_dieCount = new QSpinBox(m_poolRow);
  m_dieCount->setRange(1, 100);
  m_dieCount->setSuffix(QStringLiteral(" \u00d7"));
  m_die = new QComboBox(m_poolRow);
  m_die->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  m_die->setMinimumContentsLength(10);
  auto* add = new QPushButton(tr("Add"), m_poolRow);
  add->setToolTip(tr("Append these dice of the ruleset to the pool"));
  addRow->addWidget(m_dieCount);
  addRow->addWidget(m_die, 1);
  addRow->addWidget(add);
  poolLayout->addLayout(addRow);
  top->addRow(tr("Dice"), m_poolRow);
  m_top = top;

  // Per query kind: rows shown by queryChanged().
  m_faces = new QLineEdit(this);
  m_faces->setPlaceholderText(QStringLiteral("6  or  fire,Z"));
  top->addRow(tr("Faces"), m_faces);
  m_vsRow = new QWidget(this);
  auto* vsLayout = new QHBoxLayout(m_vsRow);
  vsLayout->setContentsMargins(0, 0, 0, 0);
  m_vs = new QLineEdit(m_vsRow);
  m_vs->setPlaceholderText(QStringLiteral("2d8"));
  m_vs->setToolTip(tr("The other pool B: pair by pair, highest die against highest, ties go to B; or, with "
                      "\"compare sums\", the total of A against the total of B"));
  vsLayout->addWidget(m_vs, 1);
  m_vsSums = new QCheckBox(tr("compare sums"), m_vsRow);
  m_vsSums->setObjectName(QStringLiteral("compareSums"));
  m_vsSums->setToolTip(tr("3d6 vs 2d8 as totals: the distribution of sum(A) \u2212 sum(B) and P(A's sum is higher)"));
  vsLayout->addWidget(m_vsSums);
  top->addRow(tr("Against"), m_vsRow);
  m_target = new QLineEdit(this);
  m_target->setPlaceholderText(QStringLiteral("fire:2,earth:2|fire:3"));
  m_target->setToolTip(tr("Alternatives separated by |, each a list of face:count"));
  m_rolls = new QSpinBox(this);
  m_rolls->setRange(1, sim::dice::kMaxTargetRolls);
  m_rolls->setValue(3);
  m_wildRow = new QWidget(this);
  auto* wildRow = new QHBoxLayout(m_wildRow);
  wildRow->setContentsMargins(0, 0, 0, 0);
  m_wild = new QLineEdit(m_wildRow);
  m_wild->setPlaceholderText(tr("none"));
  m_anchored = new QCheckBox(tr("anchored"), m_wildRow);
  m_anchored->setToolTip(tr("The wild only counts for a face of which a natural die is kept"));
  wildRow->addWidget(m_wild, 1);
  wildRow->addWidget(m_anchored);
  top->addRow(tr("Target"), m_target);
  top->addRow(tr("Rolls"), m_rolls);
  top->addRow(tr("Wild face"), m_wildRow);
  m_expression = new QLineEdit(this);
  m_expression->setPlaceholderText(QStringLiteral("fire * magic"));
  m_expression->setToolTip(tr("Each die id is one roll of that die; parameters are constants"));
  top->addRow(tr("Expression"), m_expression);

  auto* bottom = new QFormLayout;
  bottom->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  m_atLeastRow = new QWidget(this);
  auto* atLeastLayout = new QHBoxLayout(m_atLeastRow);
  atLeastLayout->setContentsMargins(0, 0, 0, 0);
  m_useAtLeast = new QCheckBox(tr("P(result \u2265"), m_atLeastRow);
  m_useAtLeast->setToolTip(tr("Also give the probability of at least this value (highlighted in the chart)"));
  m_atLeast = new QDoubleSpinBox(m_atLeastRow);
  m_atLeast->setRange(-1e6, 1e6);
  m_atLeast->setDecimals(2);
  m_atLeast->setValue(10);
  m_atLeast->setEnabled(false);
  atLeastLayout->addWidget(m_useAtLeast);
  atLeastLayout->addWidget(m_atLeast, 1);
  atLeastLayout->addWidget(new QLabel(QStringLiteral(")"), m_atLeastRow));
  bottom->addRow(tr("Threshold"), m_atLeastRow);
  m_bottom = bottom;

  auto* mcRow = new QHBoxLayout;
  m_monteCarlo = new QCheckBox(tr("Monte Carlo"), this);
  m_monteCarlo->setToolTip(tr("Sample instead of enumerating (a cross-check, with 95% intervals)"));
  m_samples = new QSpinBox(this);
  m_samples->setRange(100, 100'000'000);
  m_samples->setSingleStep(100'000);
  m_samples->setValue(1'000'000);
  m_samples->setGroupSeparatorShown(true);
  m_samples->setEnabled(false);
  m_seed = new QSpinBox(this);
  m_seed->setRange(0, 1'000'000'000);
  m_seed->setValue(1);
  m_seed->setPrefix(tr("seed "));
  m_seed->setEnabled(false);
  mcRow->addWidget(m_monteCarlo);
  mcRow->addWidget(m_samples, 1);
  mcRow->addWidget(m_seed);
  bottom->addRow(tr("Method"), mcRow);
  layout->addLayout(bottom);

  m_hint = new QLabel(this);
  m_hint->setWordWrap(true);
  m_hint->setStyleSheet(QStringLiteral("color: #666;"));
  // Word-wrapped labels under-report their height to the layout; reserve two lines.
  m_hint->setMinimumHeight(2 * m_hint->fontMetrics().lineSpacing() + 2);
  m_hint->setAlignment(Qt::AlignLeft | Qt::AlignTop);
  layout->addWidget(m_hint);

  connect(m_query, &QComboBox::currentIndexChanged, this, [this] {
    queryChanged();
    Q_EMIT queryKindChanged();
  });
  connect(m_vsSums, &QCheckBox::toggled, this, &DiceRequestForm::queryChanged);
  connect(add, &QPushButton::clicked, this, &DiceRequestForm::addDie);
  connect(m_useAtLeast, &QCheckBox::toggled, m_atLeast, &QWidget::setEnabled);
  connect(m_monteCarlo, &QCheckBox::toggled, m_samples, &QWidget::setEnabled);
  connect(m_monteCarlo, &QCheckBox::toggled, m_seed, &QWidget::setEnabled);
  for (QLineEdit* e : {m_pool, m_faces, m_vs, m_target, m_wild, m_expression}) {
    connect(e, &QLineEdit::returnPressed, this, &DiceRequestForm::submitted);
    connect(e, &QLineEdit::textEdited, this, [e] { e->setStyleSheet(QString()); });
  }
  setRuleset(nullptr);
  queryChanged();
}

void DiceRequestForm::setRuleset(const model::Ruleset* ruleset) {
  const QString keep = m_die->currentData().toString();
  const bool hadRulesetDice = m_die->count() > 0 && m_die->findData(QStringLiteral("6")) > 0;
  m_die->clear();
  if (ruleset)
    for (const auto& d : ruleset->dice) {
      const QString id = QString::fromStdString(d.id);
      m_die->addItem(QStringLiteral("%1  (%2)").arg(id, facesSummary(d)), id);
      m_die->setItemData(m_die->count() - 1, QString::fromStdString(d.name.empty() ? d.id : d.name),
                         Qt::ToolTipRole);
    }
  for (int d : {4, 6, 8, 10, 12, 20, 100}) m_die->addItem(QStringLiteral("d%1").arg(d), QStringLiteral("%1").arg(d));
  // Keep the choice across edits; else the ruleset's first die, or a d6.
  const int kept = hadRulesetDice ? m_die->findData(keep) : -1;
  const bool rulesetDice = ruleset && !ruleset->dice.empty();
  m_die->setCurrentIndex(kept >= 0 ? kept : rulesetDice ? 0 : m_die->findData(QStringLiteral("6")));
}

void DiceRequestForm::addDie() {
  const QString id = m_die->currentData().toString();
  if (id.isEmpty()) return;
  bool standard = false;
  id.toInt(&standard);
  const QString term = QStringLiteral("%1d%2").arg(m_dieCount->value()).arg(standard ? id : QStringLiteral("[%1]").arg(id));
  const QString text = m_pool->text().trimmed();
  m_pool->setText(text.isEmpty() ? term : text + QStringLiteral("+") + term);
  m_pool->setStyleSheet(QString());
}

void DiceRequestForm::queryChanged() {
  const auto q = static_cast<sim::dice::DiceQuery>(m_query->currentIndex());
  using sim::dice::DiceQuery;
  m_top->setRowVisible(m_poolRow, q != DiceQuery::Expression);
  m_top->setRowVisible(m_faces, q == DiceQuery::Count);
  m_top->setRowVisible(m_vsRow, q == DiceQuery::Vs);
  for (QWidget* w : {static_cast<QWidget*>(m_target), static_cast<QWidget*>(m_rolls), m_wildRow})
    m_top->setRowVisible(w, q == DiceQuery::Target);
  m_top->setRowVisible(m_expression, q == DiceQuery::Expression);
  m_bottom->setRowVisible(m_atLeastRow, q != DiceQuery::Target);
  m_useAtLeast->setText(q == sim::dice::DiceQuery::Vs ? tr("P(A \u2212 B \u2265") : tr("P(result \u2265"));
  switch (q) {
    case sim::dice::DiceQuery::Sum: m_hint->setText(tr("The distribution of the total of all dice and constants.")); break;
    case sim::dice::DiceQuery::Count: m_hint->setText(tr("How many dice show one of the faces.")); break;
    case sim::dice::DiceQuery::Vs:
      m_hint->setText(m_vsSums->isChecked()
                          ? tr("The total of A against the total of B: the distribution of sum(A) \u2212 sum(B).")
                          : tr("Dice sorted high to low and compared pair by pair (RISK-like): pairs won by A minus "
                               "pairs won by B, ties to B. Tick \"compare sums\" to compare the totals."));
      break;
    case sim::dice::DiceQuery::Target:
      m_hint->setText(tr("The best chance to show the target within the rolls, keeping dice between rolls, and "
                         "the hold to choose after the first roll."));
      break;
    case sim::dice::DiceQuery::Expression:
      m_hint->setText(tr("An amount as cards write it (fire * magic, ceil(2 * utility / 3)): each die id is "
                         "one roll, parameters are constants."));
      break;
  }
}

sim::dice::DiceRequest DiceRequestForm::request() const {
  sim::dice::DiceRequest r;
  r.query = static_cast<sim::dice::DiceQuery>(m_query->currentIndex());
  r.pool = m_pool->text().trimmed().toStdString();
  for (const QString& f : m_faces->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
    if (!f.trimmed().isEmpty()) r.faces.push_back(f.trimmed().toStdString());
  if (m_useAtLeast->isChecked() && r.query != sim::dice::DiceQuery::Target) r.atLeast = m_atLeast->value();
  r.vs = m_vs->text().trimmed().toStdString();
  r.vsSums = r.query == sim::dice::DiceQuery::Vs && m_vsSums->isChecked();
  r.target = m_target->text().trimmed().toStdString();
  r.rolls = m_rolls->value();
  r.wild = m_wild->text().trimmed().toStdString();
  r.anchored = m_anchored->isChecked();
  r.expression = m_expression->text().trimmed().toStdString();
  r.monteCarlo = m_monteCarlo->isChecked() ? m_samples->value() : 0;
  r.seed = static_cast<std::uint64_t>(m_seed->value());
  return r;
}

void DiceRequestForm::setRequest(const sim::dice::DiceRequest& r) {
  clearError();
  m_query->setCurrentIndex(static_cast<int>(r.query));
  m_pool->setText(QString::fromStdString(r.pool));
  QStringList faces;
  for (const auto& f : r.faces) faces << QString::fromStdString(f);
  m_faces->setText(faces.join(QLatin1Char(',')));
  m_useAtLeast->setChecked(r.atLeast.has_value());
  if (r.atLeast) m_atLeast->setValue(*r.atLeast);
  m_vs->setText(QString::fromStdString(r.vs));
  m_vsSums->setChecked(r.vsSums);
  m_target->setText(QString::fromStdString(r.target));
  m_rolls->setValue(r.rolls);
  m_wild->setText(QString::fromStdString(r.wild));
  m_anchored->setChecked(r.anchored);
  m_expression->setText(QString::fromStdString(r.expression));
  m_monteCarlo->setChecked(r.monteCarlo > 0);
  if (r.monteCarlo > 0)
    m_samples->setValue(static_cast<int>(std::min<long long>(r.monteCarlo, m_samples->maximum())));
  m_seed->setValue(static_cast<int>(std::min<std::uint64_t>(r.seed, static_cast<std::uint64_t>(m_seed->maximum()))));
}

QLineEdit* DiceRequestForm::fieldEdit(const std::string& field) const {
  if (field == "pool") return m_pool;
  if (field == "vs") return m_vs;
  if (field == "target") return m_target;
  if (field == "expression") return m_expression;
  return nullptr;
}

void DiceRequestForm::showError(const sim::dice::DiceError& error) {
  clearError();
  QLineEdit* e = fieldEdit(error.field);
  if (!e) return;
  e->setStyleSheet(QString::fromLatin1(kErrorStyle));
  if (error.column > 0) e->setCursorPosition(std::min(error.column - 1, static_cast<int>(e->text().size())));
  e->setFocus();
}

void DiceRequestForm::clearError() {
  for (QLineEdit* e : {m_pool, m_vs, m_target, m_expression}) e->setStyleSheet(QString());
}

}  // namespace wb::app
