#include "app/gui/games/games_panel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMetaObject>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

#include "app/gui/simulation/simulation_panel.h"
#include "app/report/replay_text.h"
#include "rulesets/engine_catalog.h"
#include "simulation/runner/monte_carlo_runner.h"

namespace wb::app {

namespace {

QString seatName(int seat) { return QObject::tr("Seat %1").arg(seat + 1); }

// What one replayed game came to.
GameSummary summarize(const sim::State& state, std::uint64_t index, bool timedOut, const std::string& stop,
                      const sim::MonteCarloRunner& runner, int players, int maxTurns) {
  GameSummary g;
  g.index = index;
  // A capped game played the cap's turns, as the run's statistics count it
  // (the turn that would have started next is not one).
  g.turns = timedOut && maxTurns > 0 ? std::min(state.turnCount(), maxTurns) : state.turnCount();
  g.capped = timedOut;
  g.adjudicated = !timedOut && state.adjudicated();
  const auto& schedule = runner.schedule();
  if (schedule.factions() > 0) {
    const std::uint64_t entry = index / std::max<std::uint64_t>(1, runner.gamesPerScheduleEntry());
    for (int s = 0; s < players; ++s) {
      const int played = state.factionOf(s);
      g.factionOfSeat.push_back(played >= 0 ? played : schedule.factionOf(entry, s));
    }
  }
  if (timedOut) {
    g.result = QObject::tr("capped: %1").arg(QString::fromStdString(stop));
    return g;
  }
  const std::vector<double> r = state.returns();
  const double best = r.empty() ? 0.0 : *std::max_element(r.begin(), r.end());
  for (int s = 0; s < static_cast<int>(r.size()); ++s)
    if (best > 0 && r[static_cast<std::size_t>(s)] == best) g.winners.push_back(s);
  QString text;
  if (g.winners.empty()) {
    text = QObject::tr("nobody wins");
  } else {
    bool oneSide = true;
    for (int s : g.winners) oneSide = oneSide && state.sideOf(s) == state.sideOf(g.winners.front());
    QStringList names;
    for (int s : g.winners) names << seatName(s);
    if (oneSide) {
      g.winnerSeat = g.winners.front();
      text = g.winners.size() == 1 ? QObject::tr("%1 wins").arg(names.front())
                                   : QObject::tr("team of %1 wins").arg(names.join(QStringLiteral(", ")));
    } else {
      text = QObject::tr("draw: %1").arg(names.join(QStringLiteral(", ")));
    }
  }
  g.result = g.adjudicated ? QObject::tr("adjudicated: %1").arg(text) : text;
  return g;
}

}  // namespace

GamesPanel::GamesPanel(SimulationPanel* simulation, QWidget* parent) : QWidget(parent), m_simulation(simulation) {
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(4, 4, 4, 4);
  auto* bar = new QHBoxLayout;
  bar->addWidget(new QLabel(tr("Games of the run on the Simulation tab: the first"), this));
  m_count = new QSpinBox(this);
  m_count->setRange(1, 100000);
  m_count->setValue(200);
  bar->addWidget(m_count);
  m_list = new QPushButton(tr("List games"), this);
  m_list->setToolTip(tr("Replays those games exactly as the run played them (game i from the run's seed and i)."));
  bar->addWidget(m_list);
  bar->addSpacing(12);
  bar->addWidget(new QLabel(tr("Show"), this));
  m_filter = new QComboBox(this);
  m_filter->addItems({tr("all games"), tr("capped games"), tr("adjudicated games"), tr("longest first"),
                      tr("shortest first"), tr("won by seat"), tr("won by faction")});
  bar->addWidget(m_filter);
  m_filterValue = new QComboBox(this);
  m_filterValue->setVisible(false);
  bar->addWidget(m_filterValue);
  bar->addStretch();
  outer->addLayout(bar);
  m_status = new QLabel(tr("Run games on the Simulation tab, then press List games."), this);
  m_status->setWordWrap(true);
  outer->addWidget(m_status);

  auto* splitter = new QSplitter(Qt::Horizontal, this);
  m_table = new QTableWidget(0, 4, splitter);
  m_table->setHorizontalHeaderLabels({tr("Game"), tr("Turns"), tr("Result"), tr("Factions (by seat)")});
  // Games are counted as the command line counts them: the run's game index,
  // from 0, which `balance run --replay INDEX` takes and its capped-game lists print.
  m_table->horizontalHeaderItem(0)->setToolTip(
      tr("The game's index in the run, from 0, as balance run --replay INDEX takes it and its lists of capped games "
         "print it (game i is played from the run's seed and i)."));
  m_table->verticalHeader()->hide();
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setSelectionMode(QAbstractItemView::SingleSelection);
  m_table->horizontalHeader()->setStretchLastSection(true);
  auto* viewer = new QWidget(splitter);
  auto* v = new QVBoxLayout(viewer);
  v->setContentsMargins(4, 0, 0, 0);
  m_gameTitle = new QLabel(tr("Choose a game to watch it move by move."), viewer);
  m_gameTitle->setWordWrap(true);
  QFont bold = m_gameTitle->font();
  bold.setBold(true);
  m_gameTitle->setFont(bold);
  v->addWidget(m_gameTitle);
  auto* turnRow = new QHBoxLayout;
  turnRow->addWidget(new QLabel(tr("Jump to turn"), viewer));
  m_turn = new QSpinBox(viewer);
  m_turn->setObjectName(QStringLiteral("jumpToTurn"));
  m_turn->setRange(0, 0);
  turnRow->addWidget(m_turn);
  turnRow->addStretch();
  v->addLayout(turnRow);
  m_stop = new QLabel(viewer);
  m_stop->setWordWrap(true);
  m_stop->setStyleSheet(QStringLiteral("QLabel { color: #8a1c1c; background: #fdecea; padding: 4px; }"));
  m_stop->hide();
  v->addWidget(m_stop);
  auto* moveSplit = new QSplitter(Qt::Vertical, viewer);
  m_moveList = new QListWidget(moveSplit);
  m_state = new QPlainTextEdit(moveSplit);
  m_state->setReadOnly(true);
  QFont mono = m_state->font();
  mono.setFamily(QStringLiteral("monospace"));
  mono.setStyleHint(QFont::Monospace);
  m_state->setFont(mono);
  m_state->setPlaceholderText(tr("The engine's description of the state before the chosen move."));
  v->addWidget(moveSplit, 1);
  splitter->setStretchFactor(1, 1);
  // The list's four columns (a result like "adjudicated: Seat 2 wins", the factions
  // of two or four seats) whole at the default window size; the moves get the rest.
  splitter->setSizes({560, 600});
  outer->addWidget(splitter, 1);

  connect(m_list, &QPushButton::clicked, this, [this] {
    if (!listGames(m_count->value())) m_status->setText(m_error);
  });
  connect(m_filter, &QComboBox::currentIndexChanged, this, &GamesPanel::onFiltered);
  connect(m_filterValue, &QComboBox::currentIndexChanged, this, &GamesPanel::onFiltered);
  connect(m_table, &QTableWidget::currentCellChanged, this, [this](int row) {
    if (row < 0 || !m_table->item(row, 0)) return;
    if (!showGame(m_table->item(row, 0)->data(Qt::UserRole).toULongLong())) m_gameTitle->setText(m_error);
  });
  connect(m_moveList, &QListWidget::currentRowChanged, this, &GamesPanel::showMove);
  connect(m_turn, &QSpinBox::valueChanged, this, &GamesPanel::jumpToTurn);
  connect(m_simulation, &SimulationPanel::cleared, this, [this] {
    m_cancel.store(true);
    m_games.clear();
    m_moves.clear();
    fillTable();
    m_moveList->clear();
    m_state->clear();
    m_stop->hide();
    m_gameTitle->setText(tr("Choose a game to watch it move by move."));
    m_status->setText(tr("Run games on the Simulation tab, then press List games."));
  });
  connect(m_simulation, &SimulationPanel::started, this, [this] {
    m_games.clear();
    fillTable();
    m_status->setText(tr("A new run is playing: list its games when it is done."));
  });
  connect(m_simulation, &SimulationPanel::finished, this, [this] {
    if (m_games.empty() && !m_listing.load()) m_status->setText(tr("The run on the Simulation tab is done: press List games."));
  });
}

GamesPanel::~GamesPanel() {
  m_cancel.store(true);
  if (m_worker.joinable()) m_worker.join();
}

bool GamesPanel::prepare(model::Ruleset& ruleset, sim::RunConfig& config) {
  if (!m_simulation->hasResult() || m_simulation->isRunning()) {
    m_error = tr("No finished run on the Simulation tab: run games there first.");
    return false;
  }
  if (m_simulation->resultRuleset() == model::Ruleset{}) {
    m_error = tr("The run on screen was played on another revision of the ruleset: run it again to watch its games.");
    return false;
  }
  ruleset = m_simulation->resultRuleset();
  config = m_simulation->lastResult().config;
  config.threads = 1;
  return true;
}

bool GamesPanel::listGames(int count) {
  if (m_listing.load()) return false;
  model::Ruleset ruleset;
  sim::RunConfig config;
  if (!prepare(ruleset, config)) return false;
  if (m_worker.joinable()) m_worker.join();
  const std::uint64_t n = std::min<std::uint64_t>(static_cast<std::uint64_t>(std::max(1, count)), m_simulation->lastResult().stats.games());
  m_listing.store(true);
  m_cancel.store(false);
  m_list->setEnabled(false);
  m_status->setText(tr("Replaying %L1 games...").arg(n));
  m_worker = std::thread([this, ruleset = std::move(ruleset), config, n] {
    model::Diagnostics diags;
    std::vector<GameSummary> games;
    std::vector<std::string> factions;
    QString error;
    auto game = rulesets::builtinEngines().compile(ruleset, diags);
    if (!game) {
      error = tr("The ruleset does not compile: %1").arg(QString::fromStdString(diags.format()));
    } else {
      factions = game->factions();
      sim::MonteCarloRunner runner(*game, config);
      for (std::uint64_t i = 0; i < n && !m_cancel.load(); ++i) {
        bool timedOut = false;
        std::string stop;
        auto state = runner.replay(i, &timedOut, {}, &stop);
        if (!state) {
          error = tr("Cannot replay game %1.").arg(i);
          break;
        }
        games.push_back(summarize(*state, i, timedOut, stop, runner, config.players, config.maxTurns));
      }
    }
    QMetaObject::invokeMethod(this, [this, games = std::move(games), factions = std::move(factions), error] {
      m_games = games;
      // A faction reads by its name ("No specialty"), as in the editor.
      m_factionNames.clear();
      for (const std::string& id : factions) {
        const model::Entity* e = m_simulation->resultRuleset().entity(model::Section::Factions, id);
        m_factionNames.push_back(e && !e->name.empty() ? e->name : id);
      }
      m_listing.store(false);
      m_list->setEnabled(true);
      m_error = error;
      const auto capped = std::count_if(m_games.begin(), m_games.end(), [](const GameSummary& g) { return g.capped; });
      m_status->setText(error.isEmpty() ? tr("%L1 games listed, %L2 capped. Choose one to watch it.").arg(m_games.size()).arg(capped)
                                        : error);
      onFiltered();
      Q_EMIT listed();
    }, Qt::QueuedConnection);
  });
  return true;
}

void GamesPanel::setFilter(Filter filter, int value) {
  m_filter->setCurrentIndex(static_cast<int>(filter));
  if (filter == WonBySeat || filter == WonByFaction) m_filterValue->setCurrentIndex(value);
  onFiltered();
}

void GamesPanel::onFiltered() {
  const auto filter = static_cast<Filter>(std::max(0, m_filter->currentIndex()));
  if (filter != m_currentFilter || m_filterValue->count() == 0) {
    // The choices of "won by seat / faction".
    const QSignalBlocker block(m_filterValue);
    m_filterValue->clear();
    if (filter == WonBySeat)
      for (int s = 0; s < std::max(1, m_simulation->lastResult().config.players); ++s) m_filterValue->addItem(seatName(s));
    if (filter == WonByFaction)
      for (const auto& f : m_factionNames) m_filterValue->addItem(QString::fromStdString(f));
  }
  m_currentFilter = filter;
  m_filterArg = std::max(0, m_filterValue->currentIndex());
  m_filterValue->setVisible(filter == WonBySeat || filter == WonByFaction);
  fillTable();
}

void GamesPanel::fillTable() {
  std::vector<const GameSummary*> rows;
  for (const auto& g : m_games) {
    bool keep = true;
    switch (m_currentFilter) {
      case Capped: keep = g.capped; break;
      case Adjudicated: keep = g.adjudicated; break;
      case WonBySeat: keep = std::find(g.winners.begin(), g.winners.end(), m_filterArg) != g.winners.end() && g.winnerSeat >= 0; break;
      case WonByFaction:
        keep = g.winnerSeat >= 0 && std::any_of(g.winners.begin(), g.winners.end(), [&](int s) {
                 return s < static_cast<int>(g.factionOfSeat.size()) && g.factionOfSeat[static_cast<std::size_t>(s)] == m_filterArg;
               });
        break;
      default: break;
    }
    if (keep) rows.push_back(&g);
  }
  if (m_currentFilter == Longest || m_currentFilter == Shortest)
    std::stable_sort(rows.begin(), rows.end(), [this](const GameSummary* a, const GameSummary* b) {
      return m_currentFilter == Longest ? a->turns > b->turns : a->turns < b->turns;
    });
  const QSignalBlocker block(m_table);
  m_table->setRowCount(static_cast<int>(rows.size()));
  for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
    const GameSummary& g = *rows[static_cast<std::size_t>(r)];
    auto* index = new QTableWidgetItem(QString::number(g.index));
    index->setData(Qt::UserRole, static_cast<qulonglong>(g.index));
    m_table->setItem(r, 0, index);
    m_table->setItem(r, 1, new QTableWidgetItem(QString::number(g.turns)));
    m_table->setItem(r, 2, new QTableWidgetItem(g.result));
    QStringList factions;
    for (std::size_t s = 0; s < g.factionOfSeat.size(); ++s) {
      const int f = g.factionOfSeat[s];
      factions << QStringLiteral("%1: %2").arg(seatName(static_cast<int>(s)),
                                              f >= 0 && f < static_cast<int>(m_factionNames.size())
                                                  ? QString::fromStdString(m_factionNames[static_cast<std::size_t>(f)])
                                                  : QStringLiteral("?"));
    }
    m_table->setItem(r, 3, new QTableWidgetItem(factions.join(QStringLiteral(", "))));
    if (g.capped)
      for (int c = 0; c < 4; ++c) m_table->item(r, c)->setBackground(QColor(0xfd, 0xec, 0xea));
  }
  // A game without factions has nothing to show in the last column.
  m_table->setColumnHidden(3, m_factionNames.empty());
  m_table->resizeColumnsToContents();
}

bool GamesPanel::showGame(std::uint64_t index) {
  model::Ruleset ruleset;
  sim::RunConfig config;
  if (!prepare(ruleset, config)) return false;
  model::Diagnostics diags;
  auto game = rulesets::builtinEngines().compile(ruleset, diags);
  if (!game) {
    m_error = tr("The ruleset does not compile: %1").arg(QString::fromStdString(diags.format()));
    return false;
  }
  sim::MonteCarloRunner runner(*game, config);
  m_moves.clear();
  // Each move's label is what the command line's replay text adds for it, one list row per
  // move: a new turn's heading names the turn's player, a move inside a turn carries the
  // turn's heading, and the lines before it (turns nobody decided in) lead its row.
  const MoveWords words(ruleset);
  ReplayText replay(*game, words);
  QString turnHeading;
  int headingSeat = -1;
  const auto labelNext = [&](const std::string& text, const sim::State& before) {
    const QStringList pieces = QString::fromStdString(text).split(QLatin1Char('\n'));
    // The first piece goes on the line being written: chance events of the last turn, or
    // (with no new line) the move itself; a reaction names its seat on every row.
    static const QRegularExpression kJoin(QStringLiteral("^;\\s*"));
    if (pieces.size() == 1) {
      QString move = pieces[0].trimmed().remove(kJoin);
      const int actor = before.currentPlayer();
      if (actor != headingSeat && !move.startsWith(seatName(actor)))
        move = tr("%1 reacts: %2").arg(seatName(actor), move);
      return tr("%1 \u00b7 %2").arg(turnHeading, move);
    }
    headingSeat = before.turnPlayer();
    if (!pieces[0].trimmed().isEmpty() && !m_moves.empty()) m_moves.back().label += pieces[0];
    QStringList lines;
    for (qsizetype i = 1; i < pieces.size(); ++i) lines << pieces[i].trimmed();
    turnHeading = lines.back().section(QLatin1Char(':'), 0, 0);
    return lines.join(QStringLiteral(" \u00b7 "));
  };
  const auto observe = [&](const sim::State& before, sim::Action a) {
    replay.move(before, a);
    m_moves.push_back({before.turnCount(), before.currentPlayer(), QString::fromStdString(words(before.actionToString(a))),
                       QString::fromStdString(seatWords(before.toString())), labelNext(replay.take(), before)});
  };
  bool timedOut = false;
  std::string stop;
  auto state = runner.replay(index, &timedOut, observe, &stop);
  if (!state) {
    m_error = tr("Cannot replay game %1.").arg(index);
    return false;
  }
  replay.finish(*state);
  if (!m_moves.empty()) m_moves.back().label += QString::fromStdString(replay.take());
  const GameSummary summary = summarize(*state, index, timedOut, stop, runner, config.players, config.maxTurns);
  m_finalState = QString::fromStdString(seatWords(state->toString()));
  m_stopReason = timedOut ? QString::fromStdString(stop) : QString();
  m_gameTitle->setText(tr("Game %1 of seed %2 (balance run --replay %1): %3 turns, %4 moves; %5")
                           .arg(index)
                           .arg(config.seed)
                           .arg(summary.turns)
                           .arg(m_moves.size())
                           .arg(summary.result));
  // A capped game: where it stopped, and the last turns in which it did not end.
  if (timedOut) {
    const int lastTurn = m_moves.empty() ? 0 : m_moves.back().turn;
    int movesInLastTurn = 0;
    for (const auto& m : m_moves) movesInLastTurn += m.turn == lastTurn ? 1 : 0;
    m_stop->setText(tr("Stopped at %1 (turn %2, %3 moves in its last turn): the game was not ending. Step through the "
                       "last turns below to see where it stopped making progress.")
                        .arg(m_stopReason)
                        .arg(lastTurn)
                        .arg(movesInLastTurn));
  }
  m_stop->setVisible(timedOut);
  const QSignalBlocker block(m_moveList);
  m_moveList->clear();
  for (const auto& m : m_moves)
    m_moveList->addItem(m.label);
  m_moveList->addItem(tr("end: %1").arg(summary.result));
  {
    const QSignalBlocker blockTurn(m_turn);
    m_turn->setRange(m_moves.empty() ? 0 : m_moves.front().turn, m_moves.empty() ? 0 : m_moves.back().turn);
  }
  m_moveList->setCurrentRow(0);
  showMove(0);
  return true;
}

void GamesPanel::showMove(int row) {
  if (row < 0) return;
  {
    // "Jump to turn" follows the chosen move (the end: the last turn), without jumping back.
    const QSignalBlocker blockTurn(m_turn);
    if (row < static_cast<int>(m_moves.size())) m_turn->setValue(m_moves[static_cast<std::size_t>(row)].turn);
    else if (!m_moves.empty()) m_turn->setValue(m_moves.back().turn);
  }
  if (row < static_cast<int>(m_moves.size())) {
    const GameMove& m = m_moves[static_cast<std::size_t>(row)];
    // Seats numbered as the window numbers them (Seat 1, 2, ...), whatever the engine's words.
    m_state->setPlainText(tr("Before move %1 (turn %2, %3 to play %4).\n\n%5")
                              .arg(row + 1)
                              .arg(m.turn)
                              .arg(seatName(m.player), m.name, m.state));
  } else {
    m_state->setPlainText(tr("Final state:\n\n%1").arg(m_finalState));
  }
}

void GamesPanel::jumpToTurn(int turn) {
  for (int i = 0; i < static_cast<int>(m_moves.size()); ++i)
    if (m_moves[static_cast<std::size_t>(i)].turn >= turn) {
      m_moveList->setCurrentRow(i);
      return;
    }
}

QString GamesPanel::stateText() const { return m_state->toPlainText(); }
QString GamesPanel::statusText() const { return m_status->text(); }
QString GamesPanel::stopText() const { return m_stop->isHidden() ? QString() : m_stop->text(); }

}  // namespace wb::app
