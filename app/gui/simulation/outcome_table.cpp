#include "app/gui/simulation/outcome_table.h"

#include <QHeaderView>

#include "app/gui/document/entity_name.h"
#include "simulation/stats/statistics.h"

namespace wb::app {

namespace {

QString percent(double v) {
  const QString t = QString::number(100.0 * v, 'f', 1);
  return (t == QLatin1String("-0.0") ? QStringLiteral("0.0") : t) + QLatin1Char('%');
}

QTableWidgetItem* number(quint64 n) {
  auto* item = new QTableWidgetItem(QString::number(n));
  item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  return item;
}

QString seats(std::uint32_t mask) {
  QStringList out;
  for (int s = 0; s < 32; ++s)
    if (mask & (1u << s)) out << QString::number(s + 1);
  return out.join(QStringLiteral(", "));
}

}  // namespace

OutcomeTable::OutcomeTable(QWidget* parent) : QTableWidget(0, Count, parent) {
  setHorizontalHeaderLabels({tr("Group"), tr("Name"), tr("Games"), tr("Wins"), tr("Draws"), tr("Losses"), tr("Nobody won"),
                             tr("Adjudicated won"), tr("Adj. drawn"), tr("Adj. lost"), tr("Timeouts"), tr("Win rate (of all games)"),
                             tr("95% interval")});
  horizontalHeaderItem(Nobody)->setToolTip(tr("The game ended by the rules and nobody won (e.g. the Zoneplex wins)."));
  horizontalHeaderItem(AdjWon)->setToolTip(
      tr("The engine stopped the game at a cap of its own (not a rule) and picked this result.\n"
         "Kept apart from wins by the rules."));
  horizontalHeaderItem(Timeouts)->setToolTip(tr("Stopped at the run's turn cap: no result."));
  horizontalHeaderItem(WinRate)->setToolTip(tr("Wins by the rules over all games (a team win counts for every seat of the team)."));
  verticalHeader()->hide();
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  setSelectionBehavior(QAbstractItemView::SelectRows);
  setAlternatingRowColors(true);
  horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
}

void OutcomeTable::showResult(const sim::RunResult& result, const model::Ruleset* names) {
  const sim::RunStats& s = result.stats;
  setRowCount(0);
  auto add = [&](const QString& group, const QString& name, const sim::OutcomeTally& t) {
    const int r = rowCount();
    insertRow(r);
    setItem(r, Group, new QTableWidgetItem(group));
    setItem(r, Name, new QTableWidgetItem(name));
    const quint64 values[] = {t.games, t.wins, t.draws, t.losses, t.nobody, t.adjudicatedWins, t.adjudicatedDraws,
                              t.adjudicatedLosses, t.timeouts};
    for (int c = Games; c <= Timeouts; ++c) setItem(r, c, number(values[c - Games]));
    auto* rate = new QTableWidgetItem(percent(t.winRate()));
    rate->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    setItem(r, WinRate, rate);
    const sim::Interval ci = sim::wilsonInterval(t.wins, t.games);
    setItem(r, Ci, new QTableWidgetItem(QStringLiteral("[%1, %2]").arg(percent(ci.lo), percent(ci.hi))));
  };
  if (s.hasTeams())
    for (std::size_t i = 0; i < s.sides().size(); ++i)
      add(tr("team"), tr("Team %1 (seats %2)").arg(i + 1).arg(seats(i < s.sideSeats().size() ? s.sideSeats()[i] : 0u)), s.sides()[i]);
  for (std::size_t i = 0; i < s.seats().size(); ++i) add(tr("seat"), tr("Seat %1").arg(i + 1), s.seats()[i]);
  for (std::size_t i = 0; i < s.agents().size() && i < result.agents.size(); ++i)
    add(tr("agent"), QString::fromStdString(result.agents[i]), s.agents()[i]);
  for (std::size_t i = 0; i < s.factions().size() && i < result.factions.size(); ++i)
    add(tr("faction"), names ? entityName(*names, result.factions[i]) : QString::fromStdString(result.factions[i]),
        s.factions()[i]);
  setColumnHidden(Nobody, s.nobodyWinsGames() == 0);
  for (int c : {AdjWon, AdjDrawn, AdjLost}) setColumnHidden(c, s.adjudicatedGames() == 0);
  setColumnHidden(Timeouts, s.timeouts() == 0);
}

}  // namespace wb::app
