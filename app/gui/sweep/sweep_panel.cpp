#include "app/gui/sweep/sweep_panel.h"

#include <algorithm>

#include <QComboBox>
#include <QCompleter>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QThread>
#include <QVBoxLayout>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/sweep/sweep_action.h"
#include "app/gui/sweep/sweep_job.h"
#include "app/gui/sweep/sweep_results_view.h"
#include "model/core/scalar.h"
#include "model/path/ruleset_path.h"
#include "rulesets/engine_catalog.h"
#include "simulation/agents/agent_factory.h"

namespace wb::app {

namespace {

QString duration(double seconds) {
  if (seconds < 1) return QObject::tr("<1 s");
  if (seconds < 90) return QObject::tr("%1 s").arg(qRound(seconds));
  return QObject::tr("%1 min %2 s").arg(static_cast<int>(seconds) / 60).arg(static_cast<int>(seconds) % 60);
}

QString number(double v) { return QString::fromStdString(model::formatNumber(v)); }


}  // namespace

SweepPanel::SweepPanel(RulesetDocument* document, QWidget* parent) : QWidget(parent), m_document(document) {
  setObjectName(QStringLiteral("SweepPanel"));
  auto* outer = new QHBoxLayout(this);
  auto* splitter = new QSplitter(Qt::Horizontal, this);
  outer->addWidget(splitter);

  // --- Controls ---
  auto* controls = new QWidget(splitter);
  auto* left = new QVBoxLayout(controls);
  left->setContentsMargins(0, 0, 6, 0);
  auto* setup = new QGroupBox(tr("What if..."), controls);
  auto* form = new QFormLayout(setup);
  form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  m_path = new QComboBox(setup);
  m_path->setEditable(true);
  m_path->setInsertPolicy(QComboBox::NoInsert);
  m_path->setMinimumContentsLength(22);
  m_path->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  m_path->lineEdit()->setPlaceholderText(QStringLiteral("cards.meteor_strike.cost"));
  m_path->setToolTip(tr("The value to sweep, by path (any numeric value of the ruleset).\n"
                        "Right-click a value in the editor and choose \"Sweep this value...\" to fill it."));
  m_path->completer()->setCompletionMode(QCompleter::PopupCompletion);
  m_path->completer()->setFilterMode(Qt::MatchContains);
  m_path->completer()->setCaseSensitivity(Qt::CaseInsensitive);
  m_current = new QLabel(setup);
  m_current->setStyleSheet(QStringLiteral("color: #666;"));
  m_values = new QLineEdit(setup);
  m_values->setPlaceholderText(tr("12:18:2  or  12,14,16,18"));
  m_values->setToolTip(tr("FROM:TO:STEP (TO included) or a comma-separated list of values"));
  m_games = new QSpinBox(setup);
  m_games->setRange(1, 10000000);
  m_games->setValue(500);
  m_games->setSingleStep(100);
  m_games->setGroupSeparatorShown(true);
  m_games->setToolTip(tr("Games at every value; every value plays the same game seeds"));
  // The engine's default agent (rulesets::defaultAgent): planner or greedy.
  m_defaultAgent = QString::fromStdString(
      rulesets::defaultAgent(document->ruleset().engine, std::max(1, document->ruleset().players.initial())));
  m_agents = new QLineEdit(m_defaultAgent, setup);
  m_agents->setToolTip(tr("One agent for every seat, or one per seat: random, greedy, planner, mcts:iters=200, ..."));
  m_seed = new QSpinBox(setup);
  m_seed->setRange(0, 2147483647);
  m_seed->setValue(1);
  m_threads = new QSpinBox(setup);
  m_threads->setRange(0, 256);
  m_threads->setValue(std::max(1, QThread::idealThreadCount()));
  m_threads->setSpecialValueText(tr("auto"));
  m_metric = new QComboBox(setup);
  m_metric->setEditable(true);
  m_metric->setInsertPolicy(QComboBox::NoInsert);
  m_metric->setToolTip(tr("What to follow. Default: follows what is swept -- a card's (entity's) value is judged by\n"
                          "that entity's causal impact (impact:ID, restricted-play lift), a global parameter by the\n"
                          "first-side share (first_side). Also impact:ID:grant, Seat N (seats count from 1; scripts' seat:K\n"
                          "counts from 0), first_player, agent:SPEC, faction:ID."));
  m_target = new QDoubleSpinBox(setup);
  m_target->setRange(-1, 100);
  m_target->setDecimals(1);
  m_target->setSuffix(QStringLiteral(" %"));
  m_target->setSpecialValueText(tr("fair (1 / sides; 0 for impact)"));
  m_target->setValue(-1);
  m_target->setToolTip(tr("The win rate whose crossing is the balance point"));
  form->addRow(tr("Value"), m_path);
  form->addRow(QString(), m_current);
  form->addRow(tr("Values"), m_values);
  form->addRow(tr("Games per value"), m_games);
  form->addRow(tr("Agents"), m_agents);
  form->addRow(tr("Seed"), m_seed);
  form->addRow(tr("Threads"), m_threads);
  form->addRow(tr("Metric"), m_metric);
  form->addRow(tr("Target"), m_target);
  left->addWidget(setup);

  auto* buttons = new QHBoxLayout;
  m_run = new QPushButton(tr("Run sweep"), controls);
  m_run->setDefault(true);
  m_cancel = new QPushButton(tr("Cancel"), controls);
  m_cancel->setEnabled(false);
  buttons->addWidget(m_run);
  buttons->addWidget(m_cancel);
  left->addLayout(buttons);
  m_progress = new QProgressBar(controls);
  m_progress->setRange(0, 1000);
  m_progress->setValue(0);
  m_progress->setTextVisible(false);
  left->addWidget(m_progress);
  m_status = new QLabel(tr("Pick a value and a range, then Run sweep."), controls);
  m_status->setWordWrap(true);
  left->addWidget(m_status);
  m_error = new QLabel(controls);
  m_error->setWordWrap(true);
  m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_error->setStyleSheet(QStringLiteral("QLabel { color: #8a1c1c; background: #fdecea; padding: 4px; }"));
  m_error->hide();
  left->addWidget(m_error);
  left->addStretch();
  splitter->addWidget(controls);

  m_results = new SweepResultsView(splitter);
  splitter->addWidget(m_results);
  splitter->setStretchFactor(0, 0);
  splitter->setStretchFactor(1, 1);
  splitter->setSizes({330, 900});

  connect(m_run, &QPushButton::clicked, this, &SweepPanel::run);
  connect(m_cancel, &QPushButton::clicked, this, &SweepPanel::cancel);
  connect(m_path, &QComboBox::currentTextChanged, this, [this] {
    updateCurrent();
    refreshMetrics();
  });
  connect(m_path, &QComboBox::activated, this, [this] {
    // A path picked from the list proposes its range.
    setPath(m_path->currentText());
  });
  connect(m_agents, &QLineEdit::editingFinished, this, &SweepPanel::refreshMetrics);
  connect(m_results, &SweepResultsView::applyRequested, this, [this](int row) {
    QString why;
    if (!applyPoint(row, &why)) Q_EMIT message(why);
  });
  connect(document, &RulesetDocument::reset, this, [this] {
    // Agents left at the old engine's default take the new engine's.
    const QString newDefault = QString::fromStdString(
        rulesets::defaultAgent(m_document->ruleset().engine, std::max(1, m_document->ruleset().players.initial())));
    if (m_agents->text().trimmed() == m_defaultAgent) m_agents->setText(newDefault);
    m_defaultAgent = newDefault;
    refreshPaths();
    refreshMetrics();
    updateCurrent();
  });
  connect(document, &RulesetDocument::changed, this, [this](const DocumentChange& c) {
    if (c.kind != DocumentChange::Kind::Value) refreshPaths();
    updateCurrent();
  });
  refreshPaths();
  refreshMetrics();
  redraw(std::nullopt);
}

SweepPanel::~SweepPanel() = default;

void SweepPanel::refreshPaths() {
  const QString text = m_path->currentText();
  QStringList paths;
  // Values that change the game, not its label or its seat count (the run sets the seats).
  for (const auto& p : model::listPaths(m_document->ruleset(), true))
    if (p.path != "version" && p.path.rfind("players.", 0) != 0) paths << QString::fromStdString(p.path);
  const QSignalBlocker block(m_path);
  m_path->clear();
  m_path->addItems(paths);
  m_path->setCurrentIndex(-1);
  m_path->setEditText(text);
}

void SweepPanel::refreshMetrics() {
  const QString text = m_metric->currentText();
  QStringList items{QString(), QStringLiteral("first_side"), QStringLiteral("first_player")};
  const int players = std::max(1, m_document->ruleset().players.initial());
  for (int s = 0; s < players; ++s) items << QStringLiteral("Seat %1").arg(s + 1);
  for (const QString& a : m_agents->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
    if (!items.contains(QStringLiteral("agent:") + a.trimmed())) items << QStringLiteral("agent:") + a.trimmed();
  for (const auto& f : m_document->ruleset().entities(model::Section::Factions)) items << QStringLiteral("faction:") + QString::fromStdString(f.id);
  // The impact metric the default uses for the swept value (a card's cost ->
  // impact:that_card), and its grant form, so the default can be picked and read.
  QString placeholder = tr("default");
  if (!path().isEmpty()) {
    std::vector<std::string> ids;
    for (model::Section section : model::kSections)
      for (const auto& e : m_document->ruleset().entities(section)) ids.push_back(e.id);
    const sim::SweepMetric resolved = sim::resolveSweepMetric(sim::SweepMetric{}, path().toStdString(), ids);
    const QString spec = QString::fromStdString(resolved.spec());
    placeholder = tr("default: %1").arg(spec);
    if (resolved.isImpact()) {
      items.insert(1, spec);
      items.insert(2, spec + QStringLiteral(":grant"));
    }
  }
  const QSignalBlocker block(m_metric);
  m_metric->clear();
  m_metric->addItems(items);
  m_metric->setItemText(0, QString());
  m_metric->lineEdit()->setPlaceholderText(placeholder);
  m_metric->setEditText(text);
}

void SweepPanel::updateCurrent() {
  const QString p = path();
  if (p.isEmpty()) {
    m_current->setText(tr("Right-click a value in the editor: \"Sweep this value...\""));
    return;
  }
  std::string why;
  const auto value = model::getPath(m_document->ruleset(), p.toStdString(), &why);
  if (!value) m_current->setText(tr("unknown path"));
  else if (!value->isNumeric()) m_current->setText(tr("not a number: %1").arg(QString::fromStdString(value->text)));
  else {
    QString range;
    if (value->min || value->max)
      range = tr("  (allowed %1..%2)")
                  .arg(value->min ? number(*value->min) : QStringLiteral("\u2013"),
                       value->max ? number(*value->max) : QStringLiteral("\u2013"));
    m_current->setText(tr("now %1%2").arg(QString::fromStdString(value->text), range));
  }
}

void SweepPanel::setPath(const QString& p) {
  m_path->setEditText(p.trimmed());
  const QString range = suggestSweepRange(m_document->ruleset(), p.trimmed());
  if (!range.isEmpty()) m_values->setText(range);
  updateCurrent();
  m_error->hide();
}

QString SweepPanel::path() const { return m_path->currentText().trimmed(); }
void SweepPanel::setValuesText(const QString& text) { m_values->setText(text); }
QString SweepPanel::valuesText() const { return m_values->text(); }
void SweepPanel::setGames(int games) { m_games->setValue(games); }
QString SweepPanel::agents() const { return m_agents->text(); }

void SweepPanel::setAgents(const QString& specs) {
  m_agents->setText(specs);
  refreshMetrics();
}
void SweepPanel::setSeed(int seed) { m_seed->setValue(seed); }
void SweepPanel::setThreads(int threads) { m_threads->setValue(threads); }
void SweepPanel::setMetric(const QString& spec) { m_metric->setEditText(spec); }
void SweepPanel::setTarget(double target) { m_target->setValue(target < 0 ? -1.0 : 100.0 * target); }

bool SweepPanel::isRunning() const { return m_job && m_job->isRunning(); }
QString SweepPanel::errorText() const { return m_error->isHidden() ? QString() : m_error->text(); }
QString SweepPanel::balanceText() const { return m_results->balanceText(); }
QChart* SweepPanel::chart() const { return m_results->chart(); }
QTableWidget* SweepPanel::pointTable() const { return m_results->table(); }

void SweepPanel::showError(const QString& text) {
  m_error->setText(text);
  m_error->setVisible(!text.isEmpty());
  if (!text.isEmpty()) Q_EMIT message(text);
}

bool SweepPanel::buildConfig(sim::SweepConfig& config, QString& error) const {
  const QString p = path();
  if (p.isEmpty()) {
    error = tr("Choose the value to sweep (a path such as cards.meteor_strike.cost).");
    return false;
  }
  const std::string text = m_values->text().trimmed().toStdString();
  if (text.empty()) {
    error = tr("Give the values: FROM:TO:STEP or a comma list.");
    return false;
  }
  std::string why;
  auto values = text.find(':') != std::string::npos ? sim::parseSweepRange(text, why) : sim::parseSweepValues(text, why);
  if (!values) {
    error = tr("Values: %1").arg(QString::fromStdString(why));
    return false;
  }
  config = sim::SweepConfig{};
  config.axes = {{p.toStdString(), *values}};
  config.run.games = static_cast<std::uint64_t>(m_games->value());
  config.run.seed = static_cast<std::uint64_t>(m_seed->value());
  config.run.threads = m_threads->value();
  config.run.players = std::max(1, m_document->ruleset().players.initial());
  config.run.agents.clear();
  for (const QString& a : m_agents->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    const std::string spec = a.trimmed().toStdString();
    if (!sim::isValidAgentSpec(spec, why)) {
      error = tr("Agent %1: %2").arg(a.trimmed(), QString::fromStdString(why));
      return false;
    }
    config.run.agents.push_back(spec);
  }
  if (config.run.agents.empty()) config.run.agents = {m_defaultAgent.toStdString()};
  if (config.run.agents.size() != 1 && static_cast<int>(config.run.agents.size()) != config.run.players) {
    error = tr("%1 agents for %2 players: give one agent for every seat, or one per seat.")
                .arg(config.run.agents.size())
                .arg(config.run.players);
    return false;
  }
  config.metric = sim::defaultSweepMetric(config.run);
  const QString metric = m_metric->currentText().trimmed();
  if (!metric.isEmpty()) {
    auto parsed = sim::parseSweepMetric(metric.toStdString(), why);
    if (!parsed) {
      error = tr("Metric: %1").arg(QString::fromStdString(why));
      return false;
    }
    config.metric = *parsed;
  }
  if (config.metric.kind == sim::SweepMetric::Kind::Auto && !config.axes.empty()) {
    // The default follows what is swept: an entity's value -> its impact, else first_side.
    model::Diagnostics diags;
    std::unique_ptr<sim::Game> game = rulesets::builtinEngines().compile(m_document->ruleset(), diags);
    static const std::vector<std::string> kNone;
    config.metric = sim::resolveSweepMetric(config.metric, config.axes[0].path, game ? game->entityIds() : kNone);
  }
  config.target = m_target->value() < 0 ? -1.0 : m_target->value() / 100.0;
  return true;
}

bool SweepPanel::run() {
  if (isRunning()) return false;
  if (m_document->errorCount() > 0) {
    showError(tr("The ruleset has %n error(s); fix them (see Diagnostics) before sweeping.", nullptr,
                 m_document->errorCount()));
    return false;
  }
  sim::SweepConfig config;
  QString why;
  if (!buildConfig(config, why)) {
    showError(why);
    return false;
  }
  m_sweepRuleset = m_document->ruleset();
  auto job = std::make_unique<SweepJob>(m_sweepRuleset, config);
  if (!job->validate(&why)) {
    showError(why);
    return false;
  }
  showError(QString());
  m_job = std::move(job);
  m_config = config;
  m_points.clear();
  m_finished.reset();
  m_results->start(config);
  redraw(std::nullopt);
  connect(m_job.get(), &SweepJob::progressed, this, &SweepPanel::onProgress);
  connect(m_job.get(), &SweepJob::pointAdded, this, &SweepPanel::onPoint);
  connect(m_job.get(), &SweepJob::finished, this, &SweepPanel::onFinished);
  m_run->setEnabled(false);
  m_cancel->setEnabled(true);
  m_progress->setValue(0);
  m_status->setText(tr("Starting: %1 values \u00d7 %L2 games...")
                        .arg(config.axes[0].values.size())
                        .arg(config.run.games));
  m_job->start();
  Q_EMIT started();
  Q_EMIT runningChanged(true);
  return true;
}

void SweepPanel::cancel() {
  if (!isRunning()) return;
  m_job->cancel();
  m_status->setText(tr("Cancelling..."));
}

void SweepPanel::onProgress() {
  if (!m_job) return;
  const sim::SweepProgress p = m_job->progress();
  if (p.gamesTotal > 0)
    m_progress->setValue(static_cast<int>(1000.0 * static_cast<double>(p.gamesDone) / static_cast<double>(p.gamesTotal)));
  m_status->setText(tr("value %1 of %2 \u00b7 %L3 / %L4 games \u00b7 %5 left")
                        .arg(std::min(p.pointsDone + 1, p.pointsTotal))
                        .arg(p.pointsTotal)
                        .arg(p.gamesDone)
                        .arg(p.gamesTotal)
                        .arg(duration(p.etaSeconds)));
}

void SweepPanel::onPoint() {
  if (!m_job) return;
  const std::vector<sim::SweepPoint> points = m_job->points();
  for (std::size_t i = m_points.size(); i < points.size(); ++i) {
    m_points.push_back(points[i]);
    m_results->addPoint(points[i], static_cast<int>(m_points.size()) - 1);
  }
  // The balance point of the curve so far (the final one comes with the result).
  std::vector<sim::CurvePoint> cps;
  for (const auto& p : m_points)
    if (p.metric.games > 0) cps.push_back({p.values[0], p.rate(), p.ci.lo, p.ci.hi});
  redraw(sim::findBalancePoint(std::move(cps), m_config.effectiveTarget()));
}

void SweepPanel::onFinished() {
  if (!m_job) return;
  onPoint();
  const sim::SweepResult result = m_job->result();
  m_run->setEnabled(true);
  m_cancel->setEnabled(false);
  if (!result.ok()) {
    m_status->setText(tr("The sweep stopped."));
    showError(QString::fromStdString(result.error));
  } else if (result.cancelled) {
    m_status->setText(tr("Cancelled after %n value(s).", nullptr, static_cast<int>(m_points.size())));
    Q_EMIT message(m_status->text());
  } else {
    m_progress->setValue(1000);
    m_finished = result;
    m_finishedRuleset = m_sweepRuleset;
    m_status->setText(tr("%n value(s) in %1.", nullptr, static_cast<int>(result.points.size()))
                          .arg(duration(result.elapsedSeconds)));
    redraw(result.curves.empty() ? std::nullopt : std::optional<sim::BalancePoint>(result.curves.front().balance));
    Q_EMIT message(tr("Sweep of %1: %2").arg(QString::fromStdString(result.config.axes[0].path), balanceText()));
  }
  Q_EMIT finished();
  Q_EMIT runningChanged(false);
}

void SweepPanel::redraw(const std::optional<sim::BalancePoint>& balance) { m_results->redraw(m_points, balance); }

bool SweepPanel::applyPoint(int row, QString* error) {
  auto fail = [&](const QString& why) {
    if (error) *error = why;
    return false;
  };
  const int index = m_results->pointAt(row);
  if (index < 0) return fail(tr("Select a point of the sweep first."));
  if ( index >= static_cast<int>(m_points.size()) || m_config.axes.empty())
    return fail(tr("No such point."));
  const sim::SweepPoint& point = m_points[static_cast<std::size_t>(index)];
  std::vector<std::pair<QString, QString>> edits;
  QStringList shown;
  for (std::size_t a = 0; a < m_config.axes.size() && a < point.values.size(); ++a) {
    const QString p = QString::fromStdString(m_config.axes[a].path);
    edits.emplace_back(p, number(point.values[a]));
    shown << tr("%1 = %2").arg(p, number(point.values[a]));
  }
  const QString description = tr("Apply sweep point %1").arg(shown.join(QStringLiteral(", ")));
  QString why;
  if (!m_document->setValues(edits, description, &why)) return fail(tr("Cannot apply the point: %1").arg(why));
  Q_EMIT message(tr("Set %1 (Undo restores it).").arg(shown.join(QStringLiteral(", "))));
  return true;
}

}  // namespace wb::app
