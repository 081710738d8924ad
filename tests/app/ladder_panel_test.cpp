// The ladder in the window: the Ladder tab plays the
// skill ladder of `balance ladder` and shows the ratings weakest first, the
// head-to-head matrix (the row agent's score; a pair's two cells add up to
// 100%) and the conclusions that change with skill; another ruleset clears it.
// The result names its revision: an edit marks it "played before 1 edit" (an
// edit made while it plays too), and a ladder still playing when another
// ruleset is opened is dropped instead of being shown against that ruleset.
#include <QLabel>
#include <QListWidget>
#include <QTableWidget>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/ladder/ladder_panel.h"
#include "app/gui/window/main_window.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

TEST(LadderPanel, PlaysTheLadderAndShowsRatingsMatrixAndChanges) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml")));
  LadderPanel* ladder = w.ladderPanel();
  ladder->setAgents(QStringLiteral("random,greedy"));
  ladder->setGames(20);
  ladder->setSeed(2);
  testing::SignalCounter done(ladder, &LadderPanel::finished);
  ASSERT_TRUE(ladder->run()) << ladder->errorText().toStdString();
  ASSERT_TRUE(testing::waitUntil([&] { return done.count() > 0; }, 120000));
  ASSERT_TRUE(ladder->result().has_value()) << ladder->errorText().toStdString();
  const sim::LadderResult& r = *ladder->result();
  ASSERT_EQ(ladder->ratingsTable()->rowCount(), 2);
  // Weakest first, as rated.
  EXPECT_EQ(ladder->ratingsTable()->item(0, 0)->text().toStdString(), r.agents[static_cast<std::size_t>(r.rungs[0])]);
  ASSERT_EQ(ladder->matrix()->rowCount(), 2);
  const double ab = ladder->matrix()->item(0, 1)->text().chopped(1).toDouble();
  const double ba = ladder->matrix()->item(1, 0)->text().chopped(1).toDouble();
  EXPECT_NEAR(ab + ba, 100.0, 0.11);
  EXPECT_TRUE(ladder->matrix()->item(0, 1)->toolTip().contains(QStringLiteral("against")));
  EXPECT_GT(ladder->changesList()->count(), 0);

  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/element/element.yaml")));
  EXPECT_FALSE(ladder->result().has_value());
  EXPECT_EQ(ladder->matrix()->rowCount(), 0);
}

TEST(LadderPanel, AnEditMarksTheResultAsPlayedBeforeIt) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml")));
  LadderPanel* ladder = w.ladderPanel();
  ladder->setAgents(QStringLiteral("random,greedy"));
  ladder->setGames(10);
  testing::SignalCounter done(ladder, &LadderPanel::finished);
  ASSERT_TRUE(ladder->run()) << ladder->errorText().toStdString();
  // Edited while the ladder plays: the result is of the revision at Run.
  ASSERT_TRUE(w.document()->setValue(QStringLiteral("cards.meteor_strike.cost"), QStringLiteral("14")));
  ASSERT_TRUE(testing::waitUntil([&] { return done.count() > 0; }, 120000));
  ASSERT_TRUE(ladder->result().has_value()) << ladder->errorText().toStdString();
  EXPECT_EQ(ladder->editsSinceResult(), 1);
  EXPECT_TRUE(ladder->revisionNote().startsWith(QStringLiteral("Played before 1 edit"))) << ladder->revisionNote().toStdString();
  EXPECT_TRUE(ladder->findChild<QLabel*>(QStringLiteral("revisionNote"))->isVisibleTo(ladder));
  w.document()->undoStack()->undo();
  EXPECT_TRUE(ladder->revisionNote().isEmpty());
  EXPECT_FALSE(ladder->findChild<QLabel*>(QStringLiteral("revisionNote"))->isVisibleTo(ladder));
}

TEST(LadderPanel, ALadderFinishingAfterAnotherRulesetIsOpenedIsNotShown) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml")));
  LadderPanel* ladder = w.ladderPanel();
  ladder->setAgents(QStringLiteral("random,greedy"));
  ladder->setGames(100000);
  ASSERT_TRUE(ladder->run()) << ladder->errorText().toStdString();
  testing::spin(50);
  // Opening Element cancels the card-dice ladder; its partial result arrives
  // after the switch and must not be shown against Element.
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/element/element.yaml")));
  ASSERT_TRUE(testing::waitUntil([&] { return !ladder->isRunning(); }, 120000));
  testing::spin(50);
  EXPECT_FALSE(ladder->result().has_value());
  EXPECT_EQ(ladder->matrix()->rowCount(), 0);
  EXPECT_EQ(ladder->ratingsTable()->rowCount(), 0);
}

}  // namespace
}  // namespace wb::app
