#include "app/gui/simulation/simulation_panel.h"

#include "app/gui/document/same_rules.h"

#include <QAbstractAxis>
#include <QBarCategoryAxis>
#include <QChart>
#include <QTextDocument>
#include <QChartView>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "app/gui/document/entity_name.h"
#include "app/gui/document/ruleset_document.h"
#include "app/gui/results/results_file.h"
#include "app/gui/results/revision_note.h"
#include "app/gui/simulation/conditions_view.h"
#include "app/gui/simulation/impact_bar.h"
#include "app/gui/simulation/number_item.h"
#include "app/gui/simulation/outcome_table.h"
#include "app/gui/simulation/simulation_job.h"
#include "app/report/report_data.h"
#include "app/report/text_format.h"
#include "charts/builders/chart_builders.h"
#include "charts/builders/chart_fit.h"
#include "charts/builders/run_result_charts.h"
#include "charts/export/chart_export.h"
#include "model/describe/description_compiler.h"
#include "model/diff/ruleset_diff.h"
#include "rulesets/engine_catalog.h"
#include "simulation/agents/agent_factory.h"
#include "simulation/stats/statistics.h"

namespace wb::app {

namespace {

QString percent(double v) { return QString::number(100.0 * v, 'f', 1) + QLatin1Char('%'); }

QString duration(double seconds) {
  if (seconds < 1) return QObject::tr("<1 s");
  if (seconds < 90) return QObject::tr("%1 s").arg(qRound(seconds));
  return QObject::tr("%1 min %2 s").arg(static_cast<int>(seconds) / 60).arg(static_cast<int>(seconds) % 60);
}

QString optionHint(const QString& agent) {
  if (agent == QLatin1String("mcts")) return QStringLiteral("iters=500,c=1.4,rollout=greedy");
  if (agent == QLatin1String("planner")) return QStringLiteral("width=4,depth=12,eval=lead");
  if (agent == QLatin1String("greedy")) return QStringLiteral("samples=1,answers=on");
  return QObject::tr("(no options)");
}

// Agents whose spec takes options (the seat's option field is enabled for them).
bool takesOptions(const QString& agent) {
  return agent == QLatin1String("mcts") || agent == QLatin1String("planner") || agent == QLatin1String("greedy") ||
         agent == QLatin1String("script");
}

// The scripted players a game in the rules language declares (`players:`):
// the seat's box offers "script" and its option field takes one of these names.
QStringList scriptedPlayers(const model::Ruleset& ruleset) {
  QStringList out;
  if (ruleset.engine != "described") return out;
  model::Diagnostics ignored;
  if (const auto program = model::describe::compileDescription(ruleset, ignored))
    for (const auto& s : program->scripts) out << QString::fromStdString(s.id);
  return out;
}

}  // namespace

SimulationPanel::SimulationPanel(RulesetDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_defaultAgent(rulesets::defaultAgent(document->ruleset().engine, std::max(1, document->ruleset().players.initial()))) {
  auto* outer = new QHBoxLayout(this);
  outer->setContentsMargins(4, 4, 4, 4);
  auto* splitter = new QSplitter(Qt::Horizontal, this);
  outer->addWidget(splitter);

  // --- Left: the run's settings. ---
  auto* settings = new QWidget(splitter);
  auto* left = new QVBoxLayout(settings);
  left->setContentsMargins(2, 2, 6, 2);
  auto* seats = new QGroupBox(tr("Players"), settings);
  auto* seatsLayout = new QVBoxLayout(seats);
  auto* playersRow = new QHBoxLayout;
  playersRow->addWidget(new QLabel(tr("Seats"), seats));
  m_players = new QSpinBox(seats);
  playersRow->addWidget(m_players);
  playersRow->addStretch();
  seatsLayout->addLayout(playersRow);
  m_seatGrid = new QGridLayout;
  seatsLayout->addLayout(m_seatGrid);
  m_factions = new QLabel(seats);
  m_factions->setWordWrap(true);
  m_factions->setStyleSheet(QStringLiteral("color: #555;"));
  seatsLayout->addWidget(m_factions);
  auto* rotation = new QLabel(tr("Seats rotate every game, so each agent (and faction) plays every seat equally."), seats);
  rotation->setWordWrap(true);
  rotation->setStyleSheet(QStringLiteral("color: #777; font-size: small;"));
  seatsLayout->addWidget(rotation);
  left->addWidget(seats);

  auto* run = new QGroupBox(tr("Run"), settings);
  auto* form = new QFormLayout(run);
  m_games = new QSpinBox(run);
  m_games->setRange(1, 10000000);
  m_games->setValue(1000);
  m_games->setSingleStep(100);
  m_games->setGroupSeparatorShown(true);
  m_threads = new QSpinBox(run);
  m_threads->setRange(0, 256);
  m_threads->setValue(std::max(1, QThread::idealThreadCount()));
  m_threads->setSpecialValueText(tr("auto"));
  m_seed = new QSpinBox(run);
  m_seed->setRange(0, 2147483647);
  m_seed->setValue(1);
  m_maxTurns = new QSpinBox(run);
  m_maxTurns->setRange(0, 1000000);
  m_maxTurns->setSpecialValueText(tr("engine default"));
  form->addRow(tr("Games"), m_games);
  form->addRow(tr("Threads"), m_threads);
  form->addRow(tr("Seed"), m_seed);
  form->addRow(tr("Turn cap"), m_maxTurns);
  left->addWidget(run);

  auto* buttons = new QHBoxLayout;
  m_run = new QPushButton(tr("Run"), settings);
  m_run->setDefault(true);
  m_run->setToolTip(tr("Play the games (F5)"));
  m_cancel = new QPushButton(tr("Cancel"), settings);
  m_cancel->setEnabled(false);
  buttons->addWidget(m_run);
  buttons->addWidget(m_cancel);
  left->addLayout(buttons);
  m_progress = new QProgressBar(settings);
  m_progress->setRange(0, 1000);
  m_progress->setValue(0);
  m_progress->setTextVisible(true);
  m_progress->setFormat(QStringLiteral("%p%"));
  left->addWidget(m_progress);
  m_status = new QLabel(tr("Ready."), settings);
  m_status->setObjectName(QStringLiteral("runStatus"));
  m_status->setWordWrap(true);
  left->addWidget(m_status);
  left->addStretch();
  settings->setMinimumWidth(230);
  settings->setMaximumWidth(380);

  // --- Right: the results. ---
  auto* results = new QWidget(splitter);
  auto* right = new QVBoxLayout(results);
  right->setContentsMargins(6, 2, 2, 2);
  m_summary = new QLabel(tr("No results yet: choose the agents and press <b>Run</b>."), results);
  m_summary->setTextFormat(Qt::RichText);
  m_summary->setWordWrap(true);
  m_summary->setStyleSheet(QStringLiteral("QLabel { background: #f4f6fa; border: 1px solid #dde3ec; padding: 6px; }"));
  m_revision = newRevisionLabel(results);
  right->addWidget(m_revision);
  right->addWidget(m_summary);
  m_results = new QTabWidget(results);
  auto* chartsPage = new QWidget(m_results);
  auto* grid = new QGridLayout(chartsPage);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setSpacing(4);
  m_winRateView = charts::makeChartView(new QChart);
  m_secondaryView = charts::makeChartView(new QChart);
  m_lengthView = charts::makeChartView(new QChart);
  m_entityView = charts::makeChartView(new QChart);
  // Two charts side by side beside the settings fit a 1000 px window without
  // scrolling sideways (the explorer's dock takes its 250).
  for (QChartView* view : {m_winRateView, m_secondaryView, m_lengthView, m_entityView}) view->setMinimumWidth(200);
  m_chartGrid = grid;
  layoutCharts(false);
  m_results->addTab(chartsPage, tr("Charts"));
  m_outcomeTable = new OutcomeTable(m_results);
  m_results->addTab(m_outcomeTable, tr("Outcomes"));
  auto* entityPage = new QWidget(m_results);
  auto* entityLayout = new QVBoxLayout(entityPage);
  entityLayout->setContentsMargins(0, 2, 0, 0);
  m_entityTable = new QTableWidget(0, 12, entityPage);
  m_entityTable->setHorizontalHeaderLabels({tr("Entity"), tr("Acquired / game"), tr("Played / game"), tr("Triggered / game"),
                                            tr("Used in (player-games)"), tr("Win rate used"), tr("Win rate not used"),
                                            tr("Association \u0394 [95% interval]"), tr("z"), tr("Lift vs average"),
                                            tr("Causal: restricted play"), tr("Causal: grant")});
  for (int c : {1, 2, 3})
    m_entityTable->horizontalHeaderItem(c)->setToolTip(tr("Mean per game over both seats (as in the report)."));
  m_entityTable->horizontalHeaderItem(10)->setToolTip(
      tr("Win-rate points a seat loses when it may not buy, play or use the entity (paired games, same seeds),\n"
         "with its 95% interval. Press Measure impact."));
  m_entityTable->horizontalHeaderItem(11)->setToolTip(
      tr("Win-rate points a seat gains when it starts with the entity (paired games, same seeds), with its 95%\n"
         "interval; \"the engine cannot grant it\" where it cannot be given."));
  m_impactBar = new ImpactBar(m_entityTable, 0, 10, 11,
                              [this](model::Ruleset& snapshot, sim::RunConfig& config, QString* why) {
                                if (m_document->errorCount() > 0) {
                                  *why = tr("Fix the ruleset's errors first.");
                                  return false;
                                }
                                snapshot = m_document->ruleset();
                                return runConfig(config, why);
                              },
                              entityPage);
  entityLayout->addWidget(m_impactBar);
  // "Measure all that stand out": the entities the chart lists (top 10 by |lift|).
  m_impactBar->setStandouts([this] {
    std::vector<std::string> ids;
    if (!m_hasResult) return ids;
    auto values = charts::entityDeltas(charts::entityMetrics(m_result));
    std::stable_sort(values.begin(), values.end(), [](const auto& a, const auto& b) { return std::abs(a.value) > std::abs(b.value); });
    for (std::size_t i = 0; i < values.size() && i < 10; ++i) ids.push_back(values[i].label.toStdString());
    return ids;
  });
  auto* legend = new QLabel(tr("All rates in %. <span style='background:#ffe8b0'><b>Highlighted rows</b></span> and "
                               "<b>(!)</b> in the chart: outliers, whose lift lies beyond 2 standard deviations of all "
                               "entities with |z| \u2265 3 (association, not cause). Starting cards every player holds and "
                               "the engine's counters (<tt>end:</tt>, <tt>battle:</tt>) have nothing to compare and "
                               "stay out of the chart."),
                            entityPage);
  legend->setWordWrap(true);
  legend->setObjectName(QStringLiteral("entityLegend"));
  legend->setStyleSheet(QStringLiteral("color: #555;"));
  entityLayout->addWidget(legend);
  entityLayout->addWidget(m_entityTable, 1);
  m_entityTable->horizontalHeaderItem(9)->setToolTip(
      tr("\u0394 minus the average \u0394 of all entities: players who win use more cards, so \u0394 is\n"
         "positive for most; the lift shows which entities stand out."));
  m_entityTable->horizontalHeaderItem(7)->setToolTip(
      tr("ASSOCIATION, not cause: win rate of players who used it minus of those who did not.\n"
         "Players who are winning buy and play more. Outliers (lift beyond 2 SD of all\n"
         "entities, |z| \u2265 3) are highlighted."));
  m_entityTable->verticalHeader()->hide();
  m_entityTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_entityTable->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_entityTable->setAlternatingRowColors(true);
  m_entityTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_results->addTab(entityPage, tr("Entities"));
  m_conditions = new ConditionsView(m_results);
  m_results->addTab(m_conditions, tr("Setup conditions"));
  right->addWidget(m_results, 1);
  splitter->setStretchFactor(1, 1);
  splitter->setSizes({290, 900});

  connect(m_run, &QPushButton::clicked, this, &SimulationPanel::run);
  connect(m_cancel, &QPushButton::clicked, this, &SimulationPanel::cancel);
  connect(m_players, &QSpinBox::valueChanged, this, &SimulationPanel::rebuildSeats);
  connect(document, &RulesetDocument::changed, this, &SimulationPanel::updateRevisionNote);
  connect(document, &RulesetDocument::reset, this, [this] {
    // Results belong to the ruleset they were played on: another one starts
    // empty, or with its own results kept beside it.
    clearResults();
    // The form starts at its defaults too: a value typed for the last ruleset
    // is not this one's (the reopened results set their own just below).
    m_games->setValue(1000);
    reopenKeptResults();
    const auto& r = m_document->ruleset();
    // Seats left at the old engine's default agent take the new engine's.
    const std::string previousDefault = m_defaultAgent;
    m_defaultAgent = rulesets::defaultAgent(r.engine, std::max(1, r.players.initial()));
    // A seat's spec is its box's agent name and its option field ("greedy:answers=off").
    const QStringList specs = agentSpecs();
    for (int seat = 0; seat < specs.size(); ++seat)
      if (specs[seat].toStdString() == previousDefault) setAgent(seat, QString::fromStdString(m_defaultAgent));
    m_players->setRange(std::max(1, r.players.min), std::max(r.players.min, r.players.max));
    m_players->setValue(std::max(1, r.players.initial()));
    m_players->setEnabled(r.players.min != r.players.max);
    rebuildSeats();
  });
  const auto& r = document->ruleset();
  m_players->setRange(std::max(1, r.players.min), std::max(r.players.min, r.players.max));
  m_players->setValue(std::max(1, r.players.initial()));
  m_players->setEnabled(r.players.min != r.players.max);
  rebuildSeats();
  showResult(sim::RunResult{});
}

SimulationPanel::~SimulationPanel() = default;

QTableWidget* SimulationPanel::outcomeTable() const { return m_outcomeTable; }

void SimulationPanel::rebuildSeats() {
  const QStringList previous = agentSpecs();
  const std::string countDefault = rulesets::defaultAgent(m_document->ruleset().engine, m_players->value());
  while (QLayoutItem* item = m_seatGrid->takeAt(0)) {
    delete item->widget();
    delete item;
  }
  m_agentBoxes.clear();
  m_optionEdits.clear();
  QStringList names;
  for (const auto& n : sim::agentNames()) names << QString::fromStdString(n);
  const QStringList scripts = scriptedPlayers(m_document->ruleset());
  if (!scripts.isEmpty()) names << QStringLiteral("script");
  const QString scriptHint = scripts.join(QStringLiteral(" | "));
  for (int seat = 0; seat < m_players->value(); ++seat) {
    auto* label = new QLabel(tr("Seat %1").arg(seat + 1));
    auto* box = new QComboBox;
    box->addItems(names);
    auto* options = new QLineEdit;
    connect(box, &QComboBox::currentTextChanged, options, [options, scripts, scriptHint](const QString& agent) {
      const bool script = agent == QLatin1String("script");
      options->setPlaceholderText(script ? scriptHint : optionHint(agent));
      options->setEnabled(takesOptions(agent));
      // A scripted player needs its name: the first one, ready to change.
      if (script && !scripts.contains(options->text())) options->setText(scripts.front());
    });
    // A seat left at the default takes the default of the new player count
    // (ElemenZ: the planner at 2 and 4 players, greedy at 3). The engine's default may
    // carry options ("greedy:answers=off"): the name goes to the box, the options
    // to the seat's option field.
    const bool atDefault = seat >= previous.size() || previous[seat].toStdString() == m_defaultAgent;
    const QString spec = atDefault ? QString::fromStdString(countDefault) : previous[seat];
    box->setCurrentText(spec.section(QLatin1Char(':'), 0, 0));
    options->setText(spec.section(QLatin1Char(':'), 1));
    options->setPlaceholderText(box->currentText() == QLatin1String("script") ? scriptHint : optionHint(box->currentText()));
    options->setEnabled(takesOptions(box->currentText()));
    m_seatGrid->addWidget(label, seat, 0);
    m_seatGrid->addWidget(box, seat, 1);
    m_seatGrid->addWidget(options, seat, 2);
    m_agentBoxes.push_back(box);
    m_optionEdits.push_back(options);
  }
  m_defaultAgent = countDefault;
  QStringList factions;
  for (const auto& f : m_document->ruleset().entities(model::Section::Factions))
    factions << QString::fromStdString(f.name.empty() ? f.id : f.name);
  m_factions->setText(factions.isEmpty() ? QString() : tr("Factions (rotate over seats): %1").arg(factions.join(QStringLiteral(", "))));
  m_factions->setVisible(!factions.isEmpty());
}

void SimulationPanel::setGames(int games) { m_games->setValue(games); }
void SimulationPanel::setSeed(int seed) { m_seed->setValue(seed); }
void SimulationPanel::setPlayers(int players) { m_players->setValue(players); }
void SimulationPanel::setThreads(int threads) { m_threads->setValue(threads); }

void SimulationPanel::setAgent(int seat, const QString& spec) {
  if (seat < 0 || seat >= static_cast<int>(m_agentBoxes.size())) return;
  m_agentBoxes[static_cast<std::size_t>(seat)]->setCurrentText(spec.section(QLatin1Char(':'), 0, 0));
  m_optionEdits[static_cast<std::size_t>(seat)]->setText(spec.section(QLatin1Char(':'), 1));
}

QStringList SimulationPanel::agentSpecs() const {
  QStringList out;
  for (std::size_t i = 0; i < m_agentBoxes.size(); ++i) {
    QString spec = m_agentBoxes[i]->currentText();
    const QString options = m_optionEdits[i]->text().trimmed();
    if (!options.isEmpty() && m_optionEdits[i]->isEnabled()) spec += QLatin1Char(':') + options;
    out << spec;
  }
  return out;
}

bool SimulationPanel::isRunning() const { return m_job && m_job->isRunning(); }

QChart* SimulationPanel::winRateChart() const { return m_winRateView->chart(); }
QChart* SimulationPanel::lengthChart() const { return m_lengthView->chart(); }
QChart* SimulationPanel::entityChart() const { return m_entityView->chart(); }

bool SimulationPanel::runConfig(sim::RunConfig& config, QString* error) const {
  config = sim::RunConfig{};
  config.games = static_cast<std::uint64_t>(m_games->value());
  config.seed = static_cast<std::uint64_t>(m_seed->value());
  config.threads = m_threads->value();
  config.players = m_players->value();
  config.maxTurns = m_maxTurns->value();
  config.conditions = true;  // the "Setup conditions" page: tallies only, the games are the same
  config.agents.clear();
  for (const QString& spec : agentSpecs()) {
    std::string why;
    if (!sim::isValidAgentSpec(spec.toStdString(), why)) {
      if (error) *error = tr("Agent %1: %2").arg(spec, QString::fromStdString(why));
      return false;
    }
    config.agents.push_back(spec.toStdString());
  }
  return true;
}

void SimulationPanel::run() {
  if (isRunning()) return;
  if (m_document->errorCount() > 0) {
    const QString why = tr("The ruleset has %n error(s); fix them (see Diagnostics) before simulating.", nullptr,
                           m_document->errorCount());
    m_status->setText(why);
    Q_EMIT message(why);
    return;
  }
  sim::RunConfig config;
  QString why;
  if (!runConfig(config, &why)) {
    m_status->setText(why);
    Q_EMIT message(why);
    return;
  }
  m_runRuleset = m_document->ruleset();
  m_resultFinished = false;
  m_reopened = m_otherRevision = false;
  m_job = std::make_unique<SimulationJob>(m_runRuleset, config);
  connect(m_job.get(), &SimulationJob::progressed, this, &SimulationPanel::onProgress);
  connect(m_job.get(), &SimulationJob::resultUpdated, this, &SimulationPanel::onResult);
  connect(m_job.get(), &SimulationJob::finished, this, &SimulationPanel::onFinished);
  m_run->setEnabled(false);
  m_cancel->setEnabled(true);
  m_progress->setValue(0);
  m_status->setText(tr("Starting %1 games...").arg(config.games));
  m_job->start();
  Q_EMIT started();
  Q_EMIT runningChanged(true);
}

void SimulationPanel::cancel() {
  if (!isRunning()) return;
  m_job->cancel();
  m_status->setText(tr("Cancelling..."));
}

void SimulationPanel::onProgress() {
  if (!m_job) return;
  const sim::RunProgress p = m_job->progress();
  if (p.gamesTotal > 0)
    m_progress->setValue(static_cast<int>(1000.0 * static_cast<double>(p.gamesDone) / static_cast<double>(p.gamesTotal)));
  m_status->setText(tr("%L1 / %L2 games \u00b7 %L3 games/s \u00b7 %4 left")
                        .arg(p.gamesDone)
                        .arg(p.gamesTotal)
                        .arg(qRound(p.gamesPerSecond))
                        .arg(duration(p.etaSeconds)));
}

void SimulationPanel::onResult() {
  if (!m_job) return;
  m_result = m_job->result();
  m_hasResult = true;
  showResult(m_result);
  updateRevisionNote();
}

void SimulationPanel::onFinished() {
  if (!m_job) return;
  const QString error = m_job->error();
  m_run->setEnabled(true);
  m_cancel->setEnabled(false);
  if (!error.isEmpty()) {
    m_status->setText(tr("The run did not start: %1").arg(error));
    Q_EMIT message(m_status->text());
  } else {
    onResult();
    m_resultFinished = true;
    const QString kept = keepResults();
    const auto& s = m_result.stats;
    m_progress->setValue(m_result.cancelled ? m_progress->value() : 1000);
    m_status->setText((m_result.cancelled ? tr("Cancelled after %L1 games") : tr("Done: %L1 games"))
                          .arg(s.games()) +
                      tr(" in %1 (%L2 games/s).").arg(duration(m_result.elapsedSeconds)).arg(qRound(m_result.gamesPerSecond())) +
                      (kept.isEmpty() ? QString() : QLatin1Char(' ') + kept));
    Q_EMIT message(m_status->text());
  }
  Q_EMIT runningChanged(false);
  Q_EMIT finished();
}

void SimulationPanel::layoutCharts(bool secondary) {
  // Win rate and length on top (with a second win-rate chart: the two win rates
  // on top, the length below them), the entity chart across the bottom: its
  // names need the width, half of a narrow window's would cut them.
  for (QWidget* w : {static_cast<QWidget*>(m_winRateView), static_cast<QWidget*>(m_secondaryView),
                     static_cast<QWidget*>(m_lengthView), static_cast<QWidget*>(m_entityView)})
    m_chartGrid->removeWidget(w);
  m_secondaryView->setVisible(secondary);
  m_chartGrid->addWidget(m_winRateView, 0, 0);
  if (secondary) {
    m_chartGrid->addWidget(m_secondaryView, 0, 1);
    m_chartGrid->addWidget(m_lengthView, 1, 0, 1, 2);
    m_chartGrid->addWidget(m_entityView, 2, 0, 1, 2);
  } else {
    m_chartGrid->addWidget(m_lengthView, 0, 1);
    m_chartGrid->addWidget(m_entityView, 1, 0, 1, 2);
  }
}

void SimulationPanel::setChart(QChartView* view, QChart* chart) {
  QChart* old = view->chart();
  view->setChart(chart);
  delete old;
}

void SimulationPanel::showResult(const sim::RunResult& result) {
  const auto& s = result.stats;
  const bool any = s.games() > 0;
  if (any) {
    QString text = tr("<b>%L1</b> games").arg(s.games());
    if (result.cancelled) text += tr(" (cancelled)");
    text += tr(" \u00b7 %L1 won by one %2 \u00b7 %L3 drawn")
                .arg(s.sideWinGames())
                .arg(s.hasTeams() ? tr("team") : tr("player"))
                .arg(s.drawnGames());
    if (s.nobodyWinsGames() > 0) text += tr(" \u00b7 %L1 won by nobody").arg(s.nobodyWinsGames());
    if (s.adjudicatedGames() > 0) text += tr(" \u00b7 %L1 adjudicated by the engine's own cap").arg(s.adjudicatedGames());
    const QString capped = tr("%L1 hit the turn cap").arg(s.timeouts());
    // Many capped games make every other number doubtful: say so.
    text += QStringLiteral(" \u00b7 ") +
            (s.timeouts() * 20 > s.games() ? QStringLiteral("<span style='color:#c62828'><b>%1</b></span>").arg(capped) : capped);
    text += tr(" \u00b7 length %1 \u00b1 %2 turns (mean \u00b1 standard deviation)").arg(s.length().mean(), 0, 'f', 1).arg(s.length().sd(), 0, 'f', 1);
    if (s.length().censored > 0)
      text += tr(" (%L1 censored at the cap: the true mean is longer; %2 over the games that ended)")
                  .arg(s.length().censored)
                  .arg(s.length().meanUncensored(), 0, 'f', 1);
    const sim::FirstSideTest first = s.firstSideTest();
    if (first.sides > 1 && first.decided > 0) {
      text += tr("<br>%1 takes <b>%2</b> [%3, %4] of the %L5 games with a winner (first-side share); %6 against a fair %7")
                  .arg(first.teams ? tr("The first team (side of Seat 1)") : tr("First player (Seat 1)"))
                  .arg(percent(first.rate()), percent(first.ci.lo), percent(first.ci.hi))
                  .arg(first.decided)
                  .arg(QString::fromStdString(pValueText(first.pValue)).toHtmlEscaped())
                  .arg(percent(first.fair));
      if (first.pValue < 0.01) text += tr(" \u2014 <span style='color:#c62828'>a real first-%1 advantage</span>").arg(first.teams ? tr("side") : tr("player"));
      if (first.withoutWinner > 0) text += tr(" (%L1 games without a winner left out)").arg(first.withoutWinner);
      // The same seat's win rate, counted as the chart and the tables count it.
      if (!s.seats().empty())
        text += tr("; Seat 1's win rate: %1 of all %L2 games").arg(percent(s.seats()[0].winRate())).arg(s.games());
    }
    text += tr("<br><span style='color:#666'>Agents: %1 \u00b7 seed %2</span>")
                .arg(QString::fromStdString(agentsText(result.config.agents)).toHtmlEscaped())
                .arg(result.config.seed);
    m_summary->setText(text);
  }

  m_outcomeTable->showResult(result, &m_document->ruleset());
  m_conditions->showResult(result);
  if (!any) {
    // Before a run: titles only, no made-up agents or axes.
    setChart(m_winRateView, charts::buildPlaceholderChart(tr("Win rate per seat: press Run")));
    setChart(m_lengthView, charts::buildPlaceholderChart(tr("Game length: press Run")));
    setChart(m_entityView, charts::buildPlaceholderChart(tr("Entities that stand out: press Run")));
    m_entityView->setMinimumHeight(180);
    layoutCharts(false);
  } else {
    const QString agentsNote = QString::fromStdString(agentsText(result.config.agents));
    const int players = std::max(1, result.config.players);
    const double fairSeat = 1.0 / players;
    const sim::FirstSideTest first = s.firstSideTest();
    setChart(m_winRateView,
             charts::buildWinRateChart(charts::seatWinRates(result),
                                       tr("Win rate per seat (of all %L1 games)").arg(s.games()),
                                       s.hasTeams() ? first.fair : fairSeat));
    std::vector<charts::WinRateBar> secondary;
    QString secondaryTitle;
    double secondaryFair = fairSeat;
    if (!s.factions().empty()) {
      secondary = charts::factionWinRates(result);
      // Names, as in the editor ("Druid", not mage_druid).
      for (auto& bar : secondary)
        if (const model::Entity* e = m_document->ruleset().entity(model::Section::Factions, bar.label.toStdString());
            e && !e->name.empty())
          bar.label = QString::fromStdString(e->name);
      secondaryTitle = tr("Win rate per faction (of all games)");
    } else if (s.hasTeams()) {
      secondary = charts::teamWinRates(result);
      secondaryTitle = tr("Win rate per team (of all games)");
      secondaryFair = s.sides().empty() ? 0.5 : 1.0 / static_cast<double>(s.sides().size());
    } else if (s.agents().size() > 1) {
      secondary = charts::agentWinRates(result);
      secondaryTitle = tr("Win rate per agent (of all games)");
    }
    layoutCharts(!secondary.empty());
    if (!secondary.empty()) setChart(m_secondaryView, charts::buildWinRateChart(secondary, secondaryTitle, secondaryFair));
    const QString lengthTitle = (s.length().censored > 0 ? tr("Game length (%L1 censored at the %2-turn cap)")
                                                               .arg(s.length().censored)
                                                               .arg(result.config.maxTurns)
                                                         : tr("Game length")) +
                                tr(" \u00b7 agents %1").arg(agentsNote);
    setChart(m_lengthView, charts::buildLengthHistogram(charts::gameLengths(result), lengthTitle));
  }

  const auto metrics = charts::entityMetrics(result);
  // The chart names entities as the editor does ("Alchimiste (Alchemist)", not alchemist).
  auto deltas = charts::entityDeltas(metrics);
  for (auto& v : deltas) v.label = entityName(m_document->ruleset(), v.label.toStdString());
  if (any && deltas.empty()) {
    // Pig, a game of counters alone, or one whose every card every player holds:
    // no empty axis from 0 to 1%, but why there is nothing to show.
    setChart(m_entityView, charts::buildPlaceholderChart(
                               tr("Entities that stand out: none to compare (no card, tile, event or ability that some "
                                  "players used and others did not)")));
    m_entityView->setMinimumHeight(180);
  } else if (any) {
    setChart(m_entityView,
             charts::buildTopEntitiesChart(
                 deltas,
                 tr("Entities that stand out (top 10; association, not cause; agents %1)")
                     .arg(QString::fromStdString(agentsText(result.config.agents))),
                 tr("win-rate lift when used, against the average entity (%) \u00b7 (!) outlier: beyond 2 SD, |z| \u2265 3"),
                 10));
    // Tall enough that Qt hides no name (it drops a label that would touch the
    // next), for names the width of the narrowest chart a 1000 px window shows.
    const auto axes = m_entityView->chart()->axes(Qt::Vertical);
    QStringList names;
    QFont labels = font();
    if (auto* y = axes.isEmpty() ? nullptr : qobject_cast<QBarCategoryAxis*>(axes.front())) {
      names = y->categories();
      labels = y->labelsFont();
    }
    m_entityView->setMinimumHeight(std::max(180, charts::heightForNames(names, labels, charts::kNameShare * 400)));
  }
  const double games = std::max<double>(1.0, static_cast<double>(s.games()));
  m_entityTable->setSortingEnabled(false);
  m_entityTable->setRowCount(static_cast<int>(metrics.size()));
  for (int r = 0; r < static_cast<int>(metrics.size()); ++r) {
    const auto& m = metrics[static_cast<std::size_t>(r)];
    auto* name = new QTableWidgetItem(m.id);
    m_entityTable->setItem(r, 0, name);
    for (const auto& [column, count] : {std::pair{1, m.acquired}, std::pair{2, m.played}, std::pair{3, m.triggered}}) {
      const double perGame = static_cast<double>(count) / games;
      m_entityTable->setItem(r, column, new NumberItem(QString::number(perGame, 'f', 2), perGame));
    }
    m_entityTable->setItem(r, 4, new NumberItem(QString::number(m.usedGames), static_cast<double>(m.usedGames)));
    m_entityTable->setItem(r, 5, new NumberItem(percent(m.usedWinRate), m.usedWinRate));
    m_entityTable->setItem(r, 6, new NumberItem(percent(m.unusedWinRate), m.unusedWinRate));
    const QString sign = m.delta > 0 ? QStringLiteral("+") : QString();
    m_entityTable->setItem(r, 7, new NumberItem(m.contrast ? QStringLiteral("%1%2 [%3, %4]")
                                                                 .arg(sign, percent(m.delta), percent(m.deltaLow),
                                                                      percent(m.deltaHigh))
                                                           : tr("\u2014 (no contrast)"),
                                                m.delta));
    m_entityTable->setItem(r, 8, new NumberItem(QString::number(m.z, 'f', 1), m.z));
    m_entityTable->setItem(r, 9, new NumberItem((m.lift > 0 ? QStringLiteral("+") : QString()) + percent(m.lift), m.lift));
    if (m.outlier) {
      for (int c = 0; c < m_entityTable->columnCount(); ++c) {
        if (!m_entityTable->item(r, c)) continue;  // the causal columns fill in only after Measure impact
        m_entityTable->item(r, c)->setBackground(QColor(0xff, 0xe8, 0xb0));
        QFont f = m_entityTable->item(r, c)->font();
        f.setBold(true);
        m_entityTable->item(r, c)->setFont(f);
      }
      name->setToolTip(tr("Outlier: %1 win-rate lift against the average entity (z = %2)").arg(percent(m.lift)).arg(m.z, 0, 'f', 1));
    }
  }
  if (!m_impactBar->lastResult().entities.empty())
    ImpactBar::fillColumns(m_entityTable, 0, 10, 11, m_impactBar->lastResult());
  m_entityTable->setSortingEnabled(true);
}

QStringList SimulationPanel::chartFiles(const QString& directory, const QString& suffix) const {
  const QDir dir(directory);
  const QString ext = suffix.isEmpty() ? QStringLiteral("png") : suffix;
  QStringList out;
  for (const QString& stem : {QStringLiteral("winrate"), QStringLiteral("length"), QStringLiteral("entities"),
                              QStringLiteral("secondary")})
    if (stem != QLatin1String("secondary") || !m_secondaryView->isHidden()) out << dir.filePath(stem + QLatin1Char('.') + ext);
  return out;
}

bool SimulationPanel::exportCharts(const QString& directory, const QString& suffix, QString* error) const {
  const QStringList files = chartFiles(directory, suffix);
  const QChartView* views[] = {m_winRateView, m_lengthView, m_entityView, m_secondaryView};
  for (qsizetype i = 0; i < files.size(); ++i)
    if (!charts::saveChart(views[i]->chart(), files[i], QSize(900, 560), error)) return false;
  return true;
}

void SimulationPanel::clearResults() {
  if (m_job) {
    m_job->cancel();
    m_job.reset();
    m_run->setEnabled(true);
    m_cancel->setEnabled(false);
    Q_EMIT runningChanged(false);
  }
  m_result = sim::RunResult{};
  m_runRuleset = model::Ruleset{};
  m_hasResult = false;
  m_resultFinished = false;
  m_reopened = m_otherRevision = false;
  m_resultHash.clear();
  m_impactBar->clear();
  m_progress->setValue(0);
  m_status->setText(tr("Ready."));
  m_summary->setText(tr("No results yet: choose the agents and press <b>Run</b>."));
  showResult(sim::RunResult{});
  updateRevisionNote();
  Q_EMIT cleared();
}

QString SimulationPanel::keepResults() {
  if (!m_keepResults || m_result.cancelled || !m_result.ok() || m_document->filePath().isEmpty()) return {};
  StoredRun stored;
  stored.contentHash = contentHash(m_runRuleset);
  stored.run = m_result;
  QString why, note;
  // Said where the results are shown: results that are not kept vanish at the next start.
  if (!ResultsFile::saveRun(m_document->filePath(), stored, &why, &note))
    return tr("The results were NOT kept beside the ruleset (they will not reopen): %1.").arg(why);
  return note.isEmpty() ? QString() : note + QLatin1Char('.');
}

void SimulationPanel::reopenKeptResults() {
  if (!m_keepResults || m_document->filePath().isEmpty()) return;
  QString why;
  const auto stored = ResultsFile::loadRun(m_document->filePath(), &why);
  if (!stored) {
    if (!why.isEmpty()) Q_EMIT message(tr("Kept results not reopened: %1").arg(why));
    return;
  }
  const model::Ruleset& now = m_document->ruleset();
  if (stored->run.engine != now.engine || stored->run.ruleset != now.id) {
    // Another game's numbers are no revision of this one: never shown as such.
    Q_EMIT message(tr("Kept results not reopened: %1 holds the results of another ruleset (%2, engine %3)")
                       .arg(QFileInfo(ResultsFile::pathFor(m_document->filePath())).fileName(),
                            QString::fromStdString(stored->run.ruleset), QString::fromStdString(stored->run.engine)));
    return;
  }
  m_result = stored->run;
  m_hasResult = true;
  m_resultFinished = true;
  m_reopened = true;
  m_resultHash = stored->contentHash;
  m_reopenedAt = stored->savedAt;
  m_otherRevision = stored->contentHash != contentHash(m_document->ruleset());
  // On the same content the results are this revision's: a report reuses them.
  m_runRuleset = m_otherRevision ? model::Ruleset{} : m_document->ruleset();
  m_progress->setValue(1000);
  // The form shows the run it reopened (its games and seed), so Run plays it
  // again and the report reuses it.
  if (m_result.config.untilCi == 0 && m_result.config.games > 0)
    m_games->setValue(static_cast<int>(std::min<std::uint64_t>(m_result.config.games, 10000000)));
  m_seed->setValue(static_cast<int>(std::min<std::uint64_t>(m_result.config.seed, 2147483647)));
  m_status->setText(tr("Reopened %L1 games played %2 from %3.")
                        .arg(m_result.stats.games())
                        .arg(m_reopenedAt, QFileInfo(ResultsFile::pathFor(m_document->filePath())).fileName()));
  showResult(m_result);
  updateRevisionNote();
}

int SimulationPanel::editsSinceResult() const {
  if (!m_hasResult || m_otherRevision) return 0;
  return static_cast<int>(model::diffRulesets(m_runRuleset, m_document->ruleset()).size());
}

QString SimulationPanel::revisionNote() const {
  if (!m_hasResult) return {};
  if (m_otherRevision) return otherRevisionNote(m_resultHash, m_document->ruleset(), m_reopenedAt);
  const EditsSince e = editsSince(m_runRuleset, m_document->ruleset());
  if (e.count == 0) return {};
  return tr("%1: these numbers do not include %2. Run again to see the effect.")
      .arg(e.text, e.count == 1 ? tr("it") : tr("them"));
}

void SimulationPanel::updateRevisionNote() {
  const QString note = revisionNote();
  m_revision->setText(note);
  m_revision->setVisible(!note.isEmpty());
}

std::optional<sim::RunResult> SimulationPanel::playedRun(const model::Ruleset& ruleset, const sim::RunConfig& config) const {
  if (!m_hasResult || !m_resultFinished || isRunning() || m_result.cancelled || !m_result.ok()) return std::nullopt;
  const sim::RunConfig& c = m_result.config;  // effective: the turn cap resolved
  const bool same = c.games == config.games && c.seed == config.seed && c.players == config.players &&
                    c.agents == config.agents && (config.maxTurns == 0 || c.maxTurns == config.maxTurns) &&
                    c.untilCi == config.untilCi && (config.untilCi == 0 || c.batchGames == config.batchGames);
  if (!same || !sameRules(m_runRuleset, ruleset)) return std::nullopt;
  return m_result;
}

QString SimulationPanel::summaryText() const {
  QTextDocument d;
  d.setHtml(m_summary->text());
  return d.toPlainText();
}

}  // namespace wb::app
