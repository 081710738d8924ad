// The Simulation tab's result tables: the Outcomes table shows team
// rows and only the outcome columns that occur (nobody wins, adjudicated,
// timeouts); the entity table's causal columns are filled from an impact result.
#include <QTableWidget>

#include <gtest/gtest.h>

#include "app/gui/simulation/impact_bar.h"
#include "app/gui/simulation/outcome_table.h"

namespace wb::app {
namespace {

sim::RunResult teamRun() {
  sim::RunResult r;
  r.agents = {"random"};
  r.stats = sim::RunStats(4, 1, 0, 0);
  const std::vector<int> sides = {0, 1, 0, 1}, agents = {0, 0, 0, 0}, factions;
  std::vector<double> win0 = {1, 0, 1, 0}, none = {0, 0, 0, 0};
  auto add = [&](std::uint64_t i, const std::vector<double>* returns, bool adjudicated) {
    sim::GameRecord g;
    g.index = i;
    g.turns = 10;
    g.returns = returns;
    g.adjudicated = adjudicated;
    g.sideOfSeat = &sides;
    g.agentOfSeat = &agents;
    g.factionOfSeat = &factions;
    r.stats.add(g);
  };
  add(0, &win0, false);
  add(1, &win0, true);
  add(2, &none, false);
  return r;
}

TEST(OutcomeTable, ShowsTeamRowsAndTheOutcomesThatOccur) {
  OutcomeTable table;
  table.showResult(teamRun());
  ASSERT_GE(table.rowCount(), 2 + 4 + 1);  // 2 teams, 4 seats, 1 agent
  EXPECT_EQ(table.item(0, OutcomeTable::Name)->text(), QStringLiteral("Team 1 (seats 1, 3)"));
  EXPECT_EQ(table.item(0, OutcomeTable::Wins)->text(), QStringLiteral("1"));
  EXPECT_EQ(table.item(0, OutcomeTable::AdjWon)->text(), QStringLiteral("1"));
  EXPECT_EQ(table.item(0, OutcomeTable::Nobody)->text(), QStringLiteral("1"));
  EXPECT_EQ(table.item(1, OutcomeTable::Losses)->text(), QStringLiteral("1"));
  EXPECT_FALSE(table.isColumnHidden(OutcomeTable::Nobody));
  EXPECT_FALSE(table.isColumnHidden(OutcomeTable::AdjWon));
  EXPECT_TRUE(table.isColumnHidden(OutcomeTable::Timeouts));  // none in this run
  EXPECT_EQ(table.item(0, OutcomeTable::WinRate)->text(), QStringLiteral("33.3%"));
}

TEST(ImpactBar, FillsTheCausalColumnsByEntityName) {
  QTableWidget table(2, 3);
  table.setItem(0, 0, new QTableWidgetItem(QStringLiteral("fire")));
  table.setItem(1, 0, new QTableWidgetItem(QStringLiteral("basic_income")));
  sim::ImpactResult r;
  sim::EntityImpact fire;
  fire.id = "fire";
  fire.restricted.measured = true;
  fire.restricted.restrictedGames = 3;
  for (int i = 0; i < 10; ++i) fire.restricted.lift.add(i < 6 ? 1.0 : 0.0, 0.0);
  fire.granted.note = "the engine cannot grant it";
  sim::EntityImpact income;
  income.id = "basic_income";
  income.restricted.measured = true;  // never restricted
  r.entities = {fire, income};
  ImpactBar::fillColumns(&table, 0, 1, 2, r);
  ASSERT_TRUE(table.item(0, 1));
  EXPECT_TRUE(table.item(0, 1)->text().startsWith(QStringLiteral("+60.0 [")));
  EXPECT_EQ(table.item(0, 2)->text(), QStringLiteral("the engine cannot grant it"));
  EXPECT_EQ(table.item(1, 1)->text(), QStringLiteral("no effect (never restricted)"));
}

}  // namespace
}  // namespace wb::app
