// Zoneplex seats started at 2 although the box says 3-5.
// zoneplex.yaml says `players: {min: 2, max: 5, default: 3}`; the window starts
// a run at the ruleset's default seat count (the CLI does the same), and a
// ruleset without a default (card-dice, 2-2) still starts at its minimum.
// Failed before the fix: the Simulation tab gave 2 players for Zoneplex.
#include <QSpinBox>

#include <gtest/gtest.h>

#include "app/gui/balance/balance_panel.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/window/main_window.h"
#include "simulation/runner/run_config.h"

namespace wb::app {
namespace {

TEST(SeatsDefault, ZoneplexStartsAtThreeSeatsCardDiceAtTwo) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/zoneplex/zoneplex.yaml")));
  sim::RunConfig config;
  QString why;
  ASSERT_TRUE(w.simulationPanel()->runConfig(config, &why)) << why.toStdString();
  EXPECT_EQ(config.players, 3);
  EXPECT_EQ(w.balancePanel()->runSettings().players, 3);

  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml")));
  ASSERT_TRUE(w.simulationPanel()->runConfig(config, &why)) << why.toStdString();
  EXPECT_EQ(config.players, 2);

  // Reopened after another ruleset: Zoneplex's default again, not the last count.
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/zoneplex/zoneplex.yaml")));
  ASSERT_TRUE(w.simulationPanel()->runConfig(config, &why)) << why.toStdString();
  EXPECT_EQ(config.players, 3);
}

}  // namespace
}  // namespace wb::app
