// One seat numbering and one name per card, in every replay: a game in the
// rules language says "player 2" in its state text and names a move's card by
// id ("discard weak_hands"), where the window's tables, charts, filters and
// replay headings say "Seat 2" and "Weak Hands". The Games tab and `balance run
// --replay` read the engine's words through app/report/engine_words.h.
#include <QListWidget>
#include <QRegularExpression>
#include <QSpinBox>

#include <gtest/gtest.h>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/games/games_panel.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/window/main_window.h"
#include "app/report/engine_words.h"
#include "app/report/replay_text.h"
#include "model/yaml/ruleset_loader.h"
#include "rulesets/engine_catalog.h"
#include "simulation/runner/monte_carlo_runner.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

const QString kCardDiceDescribed =
    QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice-described/card-dice-described.yaml");
const QString kPig = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/pig/pig.yaml");

// "player N" as the rules language's state text numbers a seat.
const QRegularExpression kEnginePlayer(QStringLiteral("\\bplayer \\d"));

TEST(ReplayWords, APlayerNumberReadsAsTheWindowsSeat) {
  EXPECT_EQ(seatWords("turn 12, player 2, phase main (over)\n  choosing: discard, player 1, 2 left\n"),
            "turn 12, Seat 2, phase main (over)\n  choosing: discard, Seat 1, 2 left\n");
  // Only a seat number: a counter or a word that merely contains the word stays.
  EXPECT_EQ(seatWords("players 2; player_2: 3; multiplayer 4; player 2nd; player"),
            "players 2; player_2: 3; multiplayer 4; player 2nd; player");
  EXPECT_EQ(seatWords("player 10"), "Seat 10");
}

TEST(ReplayWords, ADescribedMoveNamesItsCardAsTheTablesDo) {
  const auto described = model::loadRuleset(kCardDiceDescribed.toStdString(), rulesets::builtinEngines().schemaLookup());
  ASSERT_FALSE(described.diagnostics.hasErrors()) << described.diagnostics.format();
  const MoveWords words(described.ruleset);
  EXPECT_EQ(words("discard weak_hands"), "discard Weak Hands");
  // The die and the change a move names stay as the rules name them.
  EXPECT_EQ(words("execute cheap_trick fire +1"), "execute Cheap Trick fire +1");
  EXPECT_EQ(words("end_turn"), "end_turn");
  EXPECT_EQ(words("choose_amount 3"), "choose_amount 3");
  // A C++ engine names its cards itself: its moves are left as written.
  const auto cpp = model::loadRuleset(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml",
                                      rulesets::builtinEngines().schemaLookup());
  ASSERT_FALSE(cpp.diagnostics.hasErrors());
  EXPECT_EQ(MoveWords(cpp.ruleset)("discard weak_hands"), "discard weak_hands");
}

// Plays `games` games of `file` on the window's Simulation tab and lists them on its Games tab.
void playAndList(MainWindow& w, const QString& file, int games) {
  ASSERT_TRUE(w.openFile(file));
  SimulationPanel* sim = w.simulationPanel();
  sim->setGames(games);
  sim->setSeed(5);
  sim->setThreads(1);
  sim->setAgent(0, QStringLiteral("random"));
  sim->setAgent(1, QStringLiteral("random"));
  testing::SignalCounter done(sim, &SimulationPanel::finished);
  sim->run();
  testing::waitFor([&] { return done.count() > 0; });
  ASSERT_TRUE(sim->hasResult());
  testing::SignalCounter listed(w.gamesPanel(), &GamesPanel::listed);
  ASSERT_TRUE(w.gamesPanel()->listGames(games)) << w.gamesPanel()->errorText().toStdString();
  testing::waitFor([&] { return listed.count() > 0; });
}

TEST(ReplayWords, TheGamesTabOfADescribedGameNumbersSeatsAsTheWindowDoes) {
  MainWindow w;
  w.setPromptsEnabled(false);
  playAndList(w, kCardDiceDescribed, 2);
  GamesPanel* games = w.gamesPanel();
  ASSERT_TRUE(games->showGame(0)) << games->errorText().toStdString();
  ASSERT_FALSE(games->moves().empty());
  const model::Ruleset& ruleset = w.document()->ruleset();
  int namedCards = 0;
  for (const GameMove& m : games->moves()) {
    EXPECT_FALSE(m.state.contains(kEnginePlayer)) << m.state.toStdString();
    EXPECT_FALSE(m.label.contains(kEnginePlayer)) << m.label.toStdString();
    // No card id where the card has a name of its own: the move's second word.
    const QStringList words = m.name.split(QLatin1Char(' '));
    if (words.size() > 1) {
      const model::Entity* card = ruleset.entity(model::Section::Cards, words[1].toStdString());
      EXPECT_TRUE(card == nullptr || card->name == card->id) << m.name.toStdString();
    }
    for (const auto& card : ruleset.cards())
      if (m.name.contains(QString::fromStdString(card.name))) ++namedCards;
  }
  EXPECT_GT(namedCards, 0) << "some move picks a card, by its name";
  // The state shown before a move names the seat to play as its heading does.
  games->moveList()->setCurrentRow(1);
  const GameMove& second = games->moves()[1];
  const QString seat = QStringLiteral("Seat %1").arg(second.player + 1);
  EXPECT_TRUE(games->stateText().contains(seat + QStringLiteral(" to play"))) << games->stateText().toStdString();
  EXPECT_FALSE(games->stateText().contains(kEnginePlayer)) << games->stateText().toStdString();
  // The final state too.
  games->moveList()->setCurrentRow(games->moveList()->count() - 1);
  EXPECT_TRUE(games->stateText().startsWith(QStringLiteral("Final state"))) << games->stateText().toStdString();
  EXPECT_FALSE(games->stateText().contains(kEnginePlayer)) << games->stateText().toStdString();
  EXPECT_TRUE(games->stateText().contains(QStringLiteral("Seat "))) << games->stateText().toStdString();
}

TEST(ReplayWords, PigsReplayTextAndStateSayTheSameSeat) {
  MainWindow w;
  w.setPromptsEnabled(false);
  playAndList(w, kPig, 3);
  GamesPanel* games = w.gamesPanel();
  ASSERT_TRUE(games->showGame(2)) << games->errorText().toStdString();
  for (std::size_t i = 0; i < games->moves().size(); ++i) {
    const GameMove& m = games->moves()[i];
    const QString seat = QStringLiteral("Seat %1").arg(m.player + 1);
    // Pig has no reactions: every row is headed by the seat to move, and its state says that seat.
    EXPECT_TRUE(m.label.contains(seat)) << m.label.toStdString();
    EXPECT_TRUE(m.state.contains(QStringLiteral(", %1, phase").arg(seat))) << m.state.toStdString();
  }
}

}  // namespace
}  // namespace wb::app
