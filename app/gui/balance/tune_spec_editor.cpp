#include "app/gui/balance/tune_spec_editor.h"

#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/document/set_tuning.h"
#include "rulesets/engine_catalog.h"
#include "simulation/tune/knob_space.h"
#include "simulation/tune/tune_search.h"
#include "simulation/tune/tune_spec.h"

namespace wb::app {
namespace {

constexpr const char* kRequestName = "Balance tab";
const QColor kProblemColour(255, 214, 214);

// The metric column's editor: an editable list of the names the game offers.
class MetricDelegate : public QStyledItemDelegate {
 public:
  MetricDelegate(std::function<QStringList()> names, QObject* parent)
      : QStyledItemDelegate(parent), m_names(std::move(names)) {}
  QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex&) const override {
    auto* box = new QComboBox(parent);
    box->setEditable(true);
    box->setInsertPolicy(QComboBox::NoInsert);
    box->addItems(m_names());
    return box;
  }
  void setEditorData(QWidget* editor, const QModelIndex& index) const override {
    auto* box = static_cast<QComboBox*>(editor);
    box->setCurrentText(index.data(Qt::EditRole).toString());
    // Typed text replaces the name, as in the number cells ("length" typed
    // over first_side must not give "first_sidelength").
    if (box->lineEdit()) box->lineEdit()->selectAll();
  }
  void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override {
    model->setData(index, static_cast<QComboBox*>(editor)->currentText(), Qt::EditRole);
  }

 private:
  std::function<QStringList()> m_names;
};

QString text(const QTableWidget* t, int row, int column) {
  const QTableWidgetItem* item = t->item(row, column);
  return item ? item->text() : QString();
}

// Tab walks a row's cells and the next rows', and after the last cell leaves
// the table for the buttons below it. Qt's tables wrap to row 1 instead: a
// designer who typed a new row and went on typing after its last Tab wrote
// into row 1 ("first_sidelength").
class RowsTable : public QTableWidget {
 public:
  using QTableWidget::QTableWidget;

 protected:
  QModelIndex moveCursor(CursorAction action, Qt::KeyboardModifiers modifiers) override {
    const QModelIndex current = currentIndex();
    if (current.isValid()) {
      const bool last = current.row() == rowCount() - 1 && current.column() == columnCount() - 1;
      const bool first = current.row() == 0 && current.column() == 0;
      if ((action == MoveNext && last) || (action == MovePrevious && first)) return {};
    }
    return QTableWidget::moveCursor(action, modifiers);
  }
  // Tab in a cell's editor: past the last cell, on to the next control at once.
  void closeEditor(QWidget* editor, QAbstractItemDelegate::EndEditHint hint) override {
    const QModelIndex current = currentIndex();
    const bool next = hint == QAbstractItemDelegate::EditNextItem, previous = hint == QAbstractItemDelegate::EditPreviousItem;
    const bool leave = current.isValid() && ((next && !moveCursor(MoveNext, Qt::NoModifier).isValid()) ||
                                             (previous && !moveCursor(MovePrevious, Qt::NoModifier).isValid()));
    QTableWidget::closeEditor(editor, leave ? QAbstractItemDelegate::NoHint : hint);
    if (leave) focusNextPrevChild(next);
  }
};

QTableWidget* table(const QStringList& headers, QWidget* parent) {
  auto* t = new RowsTable(0, static_cast<int>(headers.size()), parent);
  t->setHorizontalHeaderLabels(headers);
  t->verticalHeader()->setDefaultSectionSize(22);
  t->horizontalHeader()->setStretchLastSection(true);
  t->setSelectionBehavior(QAbstractItemView::SelectRows);
  t->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                     QAbstractItemView::AnyKeyPressed | QAbstractItemView::SelectedClicked);
  return t;
}

}  // namespace

TuneSpecEditor::TuneSpecEditor(RulesetDocument* document, std::function<sim::TuneRunSettings()> settings, QWidget* parent)
    : QWidget(parent), m_document(document), m_settings(std::move(settings)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(new QLabel(tr("<b>Targets</b>: a metric and the band its 95% interval must lie in"), this));
  m_targets = table({tr("Metric"), tr("Min"), tr("Max")}, this);
  m_targets->setToolTip(tr("first_side, first_player, Seat N (from 1; seat:K from 0), team:N, faction:ID, agent:SPEC, length, timeouts, adjudicated, "
                           "nobody_wins, draws; `*` for every seat, team, faction or agent; skill: A > B > C for a skill "
                           "matrix (each agent beats the next head-to-head; min 0.55 when both are empty). Leave min or max "
                           "empty for a one-sided band."));
  m_targets->setItemDelegateForColumn(0, new MetricDelegate([this] { return metricNames(); }, m_targets));
  m_targets->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
  m_targets->horizontalHeader()->setStretchLastSection(false);
  layout->addWidget(m_targets, 1);
  auto* targetButtons = new QHBoxLayout;
  auto* addTargetButton = new QPushButton(tr("Add target"), this);
  auto* removeTargetButton = new QPushButton(tr("Remove target"), this);
  targetButtons->addWidget(addTargetButton);
  targetButtons->addWidget(removeTargetButton);
  targetButtons->addStretch(1);
  layout->addLayout(targetButtons);

  layout->addWidget(new QLabel(tr("<b>Knobs</b>: the values that may move (none: every value the schema bounds)"), this));
  m_knobs = table({tr("Path pattern"), tr("Domain"), tr("Lock")}, this);
  m_knobs->setToolTip(tr("A path, `*` standing for one part (cards.*.cost); the domain \"from:to:step\" (a range) or "
                         "\"3, 7, 12\" (a list), empty for the schema's range; Lock keeps the matching values fixed."));
  m_knobs->setItemDelegateForColumn(0, new MetricDelegate([this] { return knobPaths(); }, m_knobs));
  m_knobs->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
  m_knobs->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
  m_knobs->horizontalHeader()->setStretchLastSection(false);
  layout->addWidget(m_knobs, 1);
  auto* knobButtons = new QHBoxLayout;
  auto* addKnobButton = new QPushButton(tr("Add knob"), this);
  auto* removeKnobButton = new QPushButton(tr("Remove knob"), this);
  knobButtons->addWidget(addKnobButton);
  knobButtons->addWidget(removeKnobButton);
  knobButtons->addStretch(1);
  layout->addLayout(knobButtons);
  m_problems = new QLabel(this);
  m_problems->setObjectName(QStringLiteral("tuneProblems"));
  m_problems->setWordWrap(true);
  m_problems->setStyleSheet(QStringLiteral("QLabel { color: #a00000; }"));
  m_problems->hide();
  layout->addWidget(m_problems);
  auto* kept = new QLabel(tr("Targets and knobs are part of the ruleset: File > Save writes them into its file as "
                             "<code>targets:</code> and <code>knobs:</code> sections (they change no game)."),
                          this);
  kept->setObjectName(QStringLiteral("tuneKeptNote"));
  kept->setWordWrap(true);
  kept->setStyleSheet(QStringLiteral("QLabel { color: #555; }"));
  layout->addWidget(kept);

  connect(addTargetButton, &QPushButton::clicked, this, [this] {
    addTarget(m_targets->rowCount() == 0 ? QStringLiteral("first_side") : QStringLiteral("length"),
              m_targets->rowCount() == 0 ? QStringLiteral("0.45") : QString(),
              m_targets->rowCount() == 0 ? QStringLiteral("0.55") : QString());
    // The new row becomes the current one: Tab then walks its own cells, not row 1's.
    m_targets->setCurrentCell(m_targets->rowCount() - 1, 0);
    m_targets->editItem(m_targets->item(m_targets->rowCount() - 1, 0));
  });
  connect(removeTargetButton, &QPushButton::clicked, this, [this] {
    if (m_targets->currentRow() >= 0) removeTarget(m_targets->currentRow());
  });
  connect(addKnobButton, &QPushButton::clicked, this, [this] {
    // The first value the schema bounds that no row names yet: a knob that
    // validates as it is added (a blanket `parameters.*` also catches values
    // that are not numbers, such as a board square).
    const QStringList offered = knobPaths();
    QString path = offered.isEmpty() ? QStringLiteral("cards.*.cost") : offered.front();
    const TuneRows current = rows();
    for (const QString& p : offered)
      if (std::none_of(current.knobs.begin(), current.knobs.end(), [&](const KnobRow& k) { return k.path == p.toStdString(); })) {
        path = p;
        break;
      }
    addKnob(path, QString());
    m_knobs->setCurrentCell(m_knobs->rowCount() - 1, 0);
    m_knobs->editItem(m_knobs->item(m_knobs->rowCount() - 1, 0));
  });
  connect(removeKnobButton, &QPushButton::clicked, this, [this] {
    if (m_knobs->currentRow() >= 0) removeKnob(m_knobs->currentRow());
  });
  connect(m_targets, &QTableWidget::itemChanged, this, [this] { if (!m_updating) commit(); });
  connect(m_knobs, &QTableWidget::itemChanged, this, [this] { if (!m_updating) commit(); });
  connect(document, &RulesetDocument::reset, this, &TuneSpecEditor::reloadFromRuleset);
  connect(document, &RulesetDocument::changed, this, [this](const DocumentChange& c) {
    if (c.path == QLatin1String(SetTuning::kChangePath)) reloadFromRuleset();
  });
  reloadFromRuleset();
}

QString TuneSpecEditor::describeEdit(const TuneRows& before, const TuneRows& after) {
  // One History line per edit, naming what changed: "Add target length",
  // "Target length: max 16", "Remove knob parameters.x".
  auto targetName = [](const TargetRow& t) { return QString::fromStdString(t.metric); };
  auto knobName = [](const KnobRow& k) { return QString::fromStdString(k.path); };
  if (after.targets.size() > before.targets.size() && after.knobs.size() == before.knobs.size())
    return tr("Add target %1").arg(targetName(after.targets.back()));
  if (after.targets.size() < before.targets.size() && after.knobs.size() == before.knobs.size()) {
    for (std::size_t i = 0; i < before.targets.size(); ++i)
      if (i >= after.targets.size() || !(before.targets[i] == after.targets[i])) return tr("Remove target %1").arg(targetName(before.targets[i]));
  }
  if (after.knobs.size() > before.knobs.size() && after.targets.size() == before.targets.size())
    return tr("Add knob %1").arg(knobName(after.knobs.back()));
  if (after.knobs.size() < before.knobs.size() && after.targets.size() == before.targets.size()) {
    for (std::size_t i = 0; i < before.knobs.size(); ++i)
      if (i >= after.knobs.size() || !(before.knobs[i] == after.knobs[i])) return tr("Remove knob %1").arg(knobName(before.knobs[i]));
  }
  if (after.targets.size() == before.targets.size() && after.knobs.size() == before.knobs.size()) {
    for (std::size_t i = 0; i < after.targets.size(); ++i) {
      const TargetRow& a = before.targets[i];
      const TargetRow& b = after.targets[i];
      if (a.metric != b.metric) return tr("Target %1: metric %2").arg(targetName(a), targetName(b));
      if (a.min != b.min) return tr("Target %1: min %2").arg(targetName(b), QString::fromStdString(b.min.empty() ? "none" : b.min));
      if (a.max != b.max) return tr("Target %1: max %2").arg(targetName(b), QString::fromStdString(b.max.empty() ? "none" : b.max));
    }
    for (std::size_t i = 0; i < after.knobs.size(); ++i) {
      const KnobRow& a = before.knobs[i];
      const KnobRow& b = after.knobs[i];
      if (a.path != b.path) return tr("Knob %1: path %2").arg(knobName(a), knobName(b));
      if (a.domain != b.domain)
        return tr("Knob %1: domain %2").arg(knobName(b), b.domain.empty() ? tr("the schema's range") : QString::fromStdString(b.domain));
      if (a.lock != b.lock) return b.lock ? tr("Lock %1").arg(knobName(b)) : tr("Unlock %1").arg(knobName(b));
    }
  }
  return tr("Edit the tuning targets and knobs");
}

TuneRows TuneSpecEditor::rows() const {
  TuneRows rows;
  for (int r = 0; r < m_targets->rowCount(); ++r)
    rows.targets.push_back({text(m_targets, r, 0).toStdString(), text(m_targets, r, 1).toStdString(),
                            text(m_targets, r, 2).toStdString()});
  for (int r = 0; r < m_knobs->rowCount(); ++r) {
    const QTableWidgetItem* lock = m_knobs->item(r, 2);
    rows.knobs.push_back({text(m_knobs, r, 0).toStdString(), text(m_knobs, r, 1).toStdString(),
                          lock && lock->checkState() == Qt::Checked});
  }
  return rows;
}

void TuneSpecEditor::showRows(const TuneRows& rows) {
  m_updating = true;
  m_targets->setRowCount(static_cast<int>(rows.targets.size()));
  for (int r = 0; r < static_cast<int>(rows.targets.size()); ++r) {
    const TargetRow& t = rows.targets[static_cast<std::size_t>(r)];
    m_targets->setItem(r, 0, new QTableWidgetItem(QString::fromStdString(t.metric)));
    m_targets->setItem(r, 1, new QTableWidgetItem(QString::fromStdString(t.min)));
    m_targets->setItem(r, 2, new QTableWidgetItem(QString::fromStdString(t.max)));
  }
  m_knobs->setRowCount(static_cast<int>(rows.knobs.size()));
  for (int r = 0; r < static_cast<int>(rows.knobs.size()); ++r) {
    const KnobRow& k = rows.knobs[static_cast<std::size_t>(r)];
    m_knobs->setItem(r, 0, new QTableWidgetItem(QString::fromStdString(k.path)));
    m_knobs->setItem(r, 1, new QTableWidgetItem(QString::fromStdString(k.domain)));
    auto* lock = new QTableWidgetItem;
    lock->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
    lock->setCheckState(k.lock ? Qt::Checked : Qt::Unchecked);
    m_knobs->setItem(r, 2, lock);
  }
  m_updating = false;
  mark(RowProblems{});
}

QStringList TuneSpecEditor::metricNames() const {
  sim::TuneShape shape;
  std::string error;
  QStringList out;
  if (!sim::TuneSearch::gameShape(rulesets::builtinEngines(), m_document->ruleset(), m_settings(), shape, error)) return out;
  for (const std::string& n : sim::tuneMetricNames(shape)) out << QString::fromStdString(n);
  return out;
}

QStringList TuneSpecEditor::knobPaths() const {
  QStringList out;
  const sim::EngineInfo* info = rulesets::builtinEngines().find(m_document->ruleset().engine);
  if (!info) return out;
  model::Diagnostics ignored;
  const sim::KnobSpace space = sim::buildKnobSpace(m_document->ruleset(), &info->schema, sim::TuneSpec{}, ignored);
  for (const sim::Knob& k : space.knobs()) {
    // Only a knob whose whole range the engine accepts (Element's board size
    // would move the sorcerers off the board): one that is red as it is added
    // is no help.
    TuneRows one;
    one.targets.push_back({"length", "1", std::string()});  // the form wants a target; only the knob is checked
    one.knobs.push_back({k.path, std::string(), false});
    model::Diagnostics diags;
    const sim::TuneSpec spec = sim::parseTuneSpec(tuneRowsYaml(one), kRequestName, false, diags);
    sim::buildKnobSpace(m_document->ruleset(), &info->schema, spec, diags);
    if (!diags.hasErrors()) out << QString::fromStdString(k.path);
  }
  return out;
}

bool TuneSpecEditor::check(sim::TuneSetup* setup) {
  const TuneRows current = rows();
  model::Diagnostics diags;
  const sim::TuneSpec spec = sim::parseTuneSpec(tuneRowsYaml(current), kRequestName, false, diags);
  sim::TuneSetup resolved;
  std::string error;
  RowProblems problems;
  if (m_document->errorCount() > 0) {
    problems = problemsByRow(current, diags);
    problems.general.push_back(tr("The ruleset has errors: fix them (see Diagnostics) first.").toStdString());
  } else {
    const bool compiled = sim::resolveTuneSetup(rulesets::builtinEngines(), m_document->ruleset(), m_settings(), spec,
                                                resolved, diags, error);
    diags.sort();
    problems = problemsByRow(current, diags);
    if (!compiled) problems.general.push_back(error);
  }
  mark(problems);
  if (problems.any()) return false;
  if (setup) *setup = std::move(resolved);
  return true;
}

void TuneSpecEditor::mark(const RowProblems& problems) {
  m_updating = true;
  QStringList lines;
  auto paint = [&](QTableWidget* t, const std::vector<std::string>& perRow, const QString& what) {
    for (int r = 0; r < t->rowCount(); ++r) {
      const QString problem =
          r < static_cast<int>(perRow.size()) ? QString::fromStdString(perRow[static_cast<std::size_t>(r)]) : QString();
      for (int c = 0; c < t->columnCount(); ++c) {
        QTableWidgetItem* item = t->item(r, c);
        if (!item) continue;
        item->setBackground(problem.isEmpty() ? QBrush() : QBrush(kProblemColour));
        item->setToolTip(problem);
      }
      if (!problem.isEmpty()) lines << tr("%1 %2: %3").arg(what).arg(r + 1).arg(problem);
    }
  };
  paint(m_targets, problems.targets, tr("Target"));
  paint(m_knobs, problems.knobs, tr("Knob"));
  for (const std::string& g : problems.general) lines << QString::fromStdString(g);
  m_problems->setText(lines.join(QLatin1Char('\n')));
  m_problems->setVisible(!lines.isEmpty());
  m_updating = false;
}

QString TuneSpecEditor::targetProblem(int row) const {
  const QTableWidgetItem* item = m_targets->item(row, 0);
  return item ? item->toolTip() : QString();
}

QString TuneSpecEditor::knobProblem(int row) const {
  const QTableWidgetItem* item = m_knobs->item(row, 0);
  return item ? item->toolTip() : QString();
}

void TuneSpecEditor::commit() {
  const TuneRows current = rows();
  const bool valid = check();
  Q_EMIT edited();
  // A request with problems stays in the tables only; without targets at all
  // the ruleset simply has no tuning sections.
  if (!valid && !current.empty()) return;
  const TuningSections after = tuningSections(current);
  if (rowsFromTuning(m_document->ruleset().tuning) == current) return;
  m_document->undoStack()->push(new SetTuning(m_document, m_document->ruleset().tuning, after,
                                              describeEdit(rowsFromTuning(m_document->ruleset().tuning), current)));
}

void TuneSpecEditor::reloadFromRuleset() {
  const TuneRows saved = rowsFromTuning(m_document->ruleset().tuning);
  if (saved == rows()) return;
  showRows(saved);
}

bool TuneSpecEditor::loadFile(const QString& path, QString* error) {
  std::string bytes, why;
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    if (error) *error = tr("Cannot open %1: %2").arg(path, file.errorString());
    return false;
  }
  const QByteArray data = file.read(static_cast<qint64>(sim::kMaxTuneFileBytes) + 1);
  if (data.size() > static_cast<qint64>(sim::kMaxTuneFileBytes)) {
    if (error) *error = tr("%1 is larger than %L2 bytes.").arg(path).arg(static_cast<qulonglong>(sim::kMaxTuneFileBytes));
    return false;
  }
  const TuneRows loaded = rowsFromYaml(data.toStdString(), &why);
  if (!why.empty() || loaded.targets.empty()) {
    if (error) *error = tr("%1: %2").arg(QFileInfo(path).fileName(), why.empty() ? tr("no targets") : QString::fromStdString(why));
    return false;
  }
  showRows(loaded);
  commit();
  return true;
}

void TuneSpecEditor::addTarget(const QString& metric, const QString& min, const QString& max) {
  TuneRows r = rows();
  r.targets.push_back({metric.toStdString(), min.toStdString(), max.toStdString()});
  showRows(r);
  commit();
}

void TuneSpecEditor::addKnob(const QString& path, const QString& domain, bool lock) {
  TuneRows r = rows();
  r.knobs.push_back({path.toStdString(), domain.toStdString(), lock});
  showRows(r);
  commit();
}

void TuneSpecEditor::removeTarget(int row) {
  if (row < 0 || row >= m_targets->rowCount()) return;
  TuneRows r = rows();
  r.targets.erase(r.targets.begin() + row);
  showRows(r);
  commit();
}

void TuneSpecEditor::removeKnob(int row) {
  if (row < 0 || row >= m_knobs->rowCount()) return;
  TuneRows r = rows();
  r.knobs.erase(r.knobs.begin() + row);
  showRows(r);
  commit();
}

}  // namespace wb::app
