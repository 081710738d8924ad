// The Balance tab: a tune in the window on a small, fast
// case (Element with random players: the length target of
// tests/data/cli/tune/element-length.yaml, where one fewer die a turn is the
// fix), its proposal applied as ONE undo step and undone; targets and knobs
// saved into the ruleset as undoable edits; a row that does not validate keeps
// what was typed and shows its problem in place, and the tune refuses to run.
#include <QCheckBox>
#include <QFile>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "app/gui/balance/balance_panel.h"
#include "app/gui/balance/tune_spec_editor.h"
#include "app/gui/document/ruleset_document.h"
#include "app/gui/window/main_window.h"
#include "model/path/ruleset_path.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

const QString kElement = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/element/element.yaml");
const QString kTargets = QStringLiteral(WB_SOURCE_DIR "/tests/data/cli/tune/element-length.yaml");

std::string value(const RulesetDocument* d, const std::string& path) {
  const auto v = model::getPath(d->ruleset(), path);
  return v ? v->text : std::string("?");
}

TEST(BalancePanel, TunesAppliesTheProposalAsOneUndoStepAndUndoesIt) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kElement));
  RulesetDocument* doc = w.document();
  BalancePanel* panel = w.balancePanel();
  QString why;
  ASSERT_TRUE(panel->specEditor()->loadFile(kTargets, &why)) << why.toStdString();
  EXPECT_EQ(panel->specEditor()->targetsTable()->rowCount(), 2);
  EXPECT_EQ(panel->specEditor()->knobsTable()->rowCount(), 2);
  panel->setAgents(QStringLiteral("random"), QStringLiteral("random"));
  panel->setBudget(1500);
  panel->setVerifyGames(400);
  panel->setSeed(3);
  testing::SignalCounter done(panel, &BalancePanel::finished);
  ASSERT_TRUE(panel->run()) << panel->errorText().toStdString();
  ASSERT_TRUE(testing::waitUntil([&] { return done.count() > 0; }, 300000));
  ASSERT_TRUE(panel->result().has_value()) << panel->errorText().toStdString();
  const sim::TuneResult& r = *panel->result();
  ASSERT_FALSE(r.editText.empty()) << panel->statusText().toStdString();
  EXPECT_EQ(r.editText[0].path, "parameters.dice_per_turn");
  EXPECT_TRUE(panel->applyButton()->isEnabled());
  EXPECT_EQ(panel->editsSinceResult(), 0);

  // The proposal: every edit in one undo step.
  std::vector<std::pair<std::string, std::string>> before;
  for (const auto& e : r.editText) before.emplace_back(e.path, value(doc, e.path));
  for (std::size_t i = 0; i < before.size(); ++i) EXPECT_EQ(before[i].second, r.editText[i].from);
  const int steps = doc->undoStack()->count();
  ASSERT_TRUE(panel->applyProposal()) << panel->errorText().toStdString();
  EXPECT_EQ(doc->undoStack()->count(), steps + 1);
  for (const auto& e : r.editText) EXPECT_EQ(value(doc, e.path), e.to) << e.path;
  // The result now names its revision and cannot be applied twice.
  EXPECT_EQ(panel->editsSinceResult(), static_cast<int>(r.editText.size()));
  EXPECT_TRUE(panel->revisionNote().contains(QStringLiteral("Played before")));
  EXPECT_FALSE(panel->applyButton()->isEnabled());

  doc->undoStack()->undo();
  for (const auto& [path, old] : before) EXPECT_EQ(value(doc, path), old) << path;
  EXPECT_EQ(panel->editsSinceResult(), 0);
  EXPECT_TRUE(panel->applyButton()->isEnabled());
}

TEST(BalancePanel, TheGuardCheckboxTurnsTheContentGuardOnAndOff) {
  // On by default, as in `balance tune`; unchecked, the tune runs as with
  // --no-guard. Element's knobs are parameters, which reach every tile, so the
  // guard protects their uses.
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kElement));
  BalancePanel* panel = w.balancePanel();
  QString why;
  ASSERT_TRUE(panel->specEditor()->loadFile(kTargets, &why)) << why.toStdString();
  panel->setAgents(QStringLiteral("random"), QStringLiteral("random"));
  panel->setBudget(400);
  panel->setVerifyGames(64);
  panel->setSeed(3);
  ASSERT_NE(panel->guardBox(), nullptr);
  EXPECT_TRUE(panel->guardBox()->isChecked());
  for (const bool on : {true, false}) {
    panel->guardBox()->setChecked(on);
    testing::SignalCounter done(panel, &BalancePanel::finished);
    ASSERT_TRUE(panel->run()) << panel->errorText().toStdString();
    ASSERT_TRUE(testing::waitUntil([&] { return done.count() > 0; }, 300000));
    ASSERT_TRUE(panel->result().has_value()) << panel->errorText().toStdString();
    EXPECT_EQ(panel->result()->guardOn, on);
    EXPECT_EQ(panel->result()->guard.empty(), !on) << panel->result()->guard.size();
  }
}

TEST(BalancePanel, TargetsAndKnobsAreUndoableEditsOfTheRuleset) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kElement));
  RulesetDocument* doc = w.document();
  TuneSpecEditor* spec = w.balancePanel()->specEditor();
  ASSERT_TRUE(doc->ruleset().tuning.empty());
  const int steps = doc->undoStack()->count();
  spec->addTarget(QStringLiteral("length"), QStringLiteral("45"), QStringLiteral("55"));
  ASSERT_EQ(doc->undoStack()->count(), steps + 1);
  ASSERT_EQ(doc->ruleset().tuning.size(), 1u);
  EXPECT_EQ(doc->ruleset().tuning[0].first, "targets");
  spec->addKnob(QStringLiteral("parameters.dice_per_turn"), QStringLiteral("2:6:1"), true);
  ASSERT_EQ(doc->ruleset().tuning.size(), 2u);
  EXPECT_EQ(doc->undoStack()->count(), steps + 2);
  EXPECT_NE(doc->ruleset().tuning[1].second.find("lock: true"), std::string::npos);
  doc->undoStack()->undo();
  EXPECT_EQ(spec->knobsTable()->rowCount(), 0);
  EXPECT_EQ(spec->targetsTable()->rowCount(), 1);
  doc->undoStack()->undo();
  EXPECT_TRUE(doc->ruleset().tuning.empty());
  EXPECT_EQ(spec->targetsTable()->rowCount(), 0);
  doc->undoStack()->redo();
  ASSERT_EQ(spec->targetsTable()->rowCount(), 1);
  EXPECT_EQ(spec->targetsTable()->item(0, 0)->text(), QStringLiteral("length"));

  // Saved with the ruleset (the file's comments kept) and read back when it opens.
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  const QString saved = dir.filePath(QStringLiteral("element.yaml"));
  QString why;
  ASSERT_TRUE(doc->saveAs(saved, &why)) << why.toStdString();
  QFile file(saved);
  ASSERT_TRUE(file.open(QIODevice::ReadOnly));
  const QString text = QString::fromUtf8(file.readAll());
  EXPECT_TRUE(text.startsWith(QStringLiteral("# Element (Fire Wind Earth Water)"))) << text.left(200).toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("targets:\n  - {metric: length, min: 45, max: 55}"))) << text.toStdString();
  MainWindow other;
  other.setPromptsEnabled(false);
  ASSERT_TRUE(other.openFile(saved));
  TuneSpecEditor* reopened = other.balancePanel()->specEditor();
  ASSERT_EQ(reopened->targetsTable()->rowCount(), 1);
  EXPECT_EQ(reopened->targetsTable()->item(0, 0)->text(), QStringLiteral("length"));
  EXPECT_EQ(reopened->targetsTable()->item(0, 1)->text(), QStringLiteral("45"));
  EXPECT_EQ(reopened->targetsTable()->item(0, 2)->text(), QStringLiteral("55"));
}

TEST(BalancePanel, AnInvalidTargetIsRefusedInPlaceAndKeepsWhatWasTyped) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kElement));
  RulesetDocument* doc = w.document();
  BalancePanel* panel = w.balancePanel();
  TuneSpecEditor* spec = panel->specEditor();
  // The picker offers the game's names, `*` forms first.
  const QStringList names = spec->metricNames();
  EXPECT_TRUE(names.contains(QStringLiteral("seat:*")));
  EXPECT_TRUE(names.contains(QStringLiteral("first_side")));
  EXPECT_TRUE(names.contains(QStringLiteral("Seat 2")));  // seats as a person counts them (seat:1 for scripts)
  EXPECT_TRUE(names.contains(QStringLiteral("length")));
  EXPECT_TRUE(names.contains(QStringLiteral("timeouts")));
  EXPECT_LT(names.indexOf(QStringLiteral("seat:*")), names.indexOf(QStringLiteral("Seat 2")));
  spec->addTarget(QStringLiteral("length"), QStringLiteral("45"), QStringLiteral("55"));
  const auto saved = doc->ruleset().tuning;
  const int steps = doc->undoStack()->count();

  // A misspelt metric: named at its row with a suggestion, kept as typed, not saved.
  spec->addTarget(QStringLiteral("frist_side"), QStringLiteral("0.45"), QStringLiteral("0.55"));
  EXPECT_TRUE(spec->targetProblem(0).isEmpty()) << spec->targetProblem(0).toStdString();
  EXPECT_TRUE(spec->targetProblem(1).contains(QStringLiteral("did you mean 'first_side'"))) << spec->targetProblem(1).toStdString();
  EXPECT_EQ(spec->targetsTable()->item(1, 0)->text(), QStringLiteral("frist_side"));
  EXPECT_EQ(doc->ruleset().tuning, saved);
  EXPECT_EQ(doc->undoStack()->count(), steps);
  EXPECT_FALSE(panel->run());
  EXPECT_FALSE(panel->isRunning());

  // Fixed in place, then min > max on the same row.
  spec->targetsTable()->item(1, 0)->setText(QStringLiteral("first_side"));
  EXPECT_TRUE(spec->targetProblem(1).isEmpty()) << spec->targetProblem(1).toStdString();
  EXPECT_EQ(doc->undoStack()->count(), steps + 1);
  spec->targetsTable()->item(1, 1)->setText(QStringLiteral("0.7"));
  EXPECT_TRUE(spec->targetProblem(1).contains(QStringLiteral("min 0.7 > max 0.55"))) << spec->targetProblem(1).toStdString();
  EXPECT_EQ(spec->targetsTable()->item(1, 1)->text(), QStringLiteral("0.7"));
  EXPECT_EQ(doc->undoStack()->count(), steps + 1);
  // Text where a number belongs, and a knob that matches nothing.
  spec->targetsTable()->item(1, 1)->setText(QStringLiteral("abc"));
  EXPECT_FALSE(spec->targetProblem(1).isEmpty());
  spec->addKnob(QStringLiteral("cards.*.cost"), QStringLiteral("1:3:1"));
  EXPECT_FALSE(spec->knobProblem(0).isEmpty());
  EXPECT_TRUE(spec->targetProblem(0).isEmpty());
  EXPECT_EQ(doc->undoStack()->count(), steps + 1);
}

// A skill matrix (`- {skill: [A, B, C]}`, tune_spec.h) is a row like any
// target: "skill: greedy > random", its band beside it, checked, and saved
// back as the matrix it was (not an empty row, not a metric).
TEST(BalancePanel, ASkillTargetIsARowThatReadsItsPairsAndSavesBack) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kElement));
  TuneSpecEditor* spec = w.balancePanel()->specEditor();
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("skill.yaml"));
  QFile f(path);
  ASSERT_TRUE(f.open(QIODevice::WriteOnly));
  f.write("targets:\n  - {skill: [planner, greedy, random], min: 0.6}\n  - {metric: length, max: 60}\n");
  f.close();
  QString why;
  ASSERT_TRUE(spec->loadFile(path, &why)) << why.toStdString();
  ASSERT_EQ(spec->targetsTable()->rowCount(), 2);
  EXPECT_EQ(spec->targetsTable()->item(0, 0)->text(), QStringLiteral("skill: planner > greedy > random"));
  EXPECT_EQ(spec->targetsTable()->item(0, 1)->text(), QStringLiteral("0.6"));
  sim::TuneSetup setup;
  ASSERT_TRUE(spec->check(&setup)) << spec->targetProblem(0).toStdString();
  ASSERT_EQ(setup.targets.size(), 3u);  // two pairs and the length
  EXPECT_EQ(setup.targets[0].metric.spec(), "skill:planner>greedy");
  EXPECT_EQ(setup.targets[1].metric.spec(), "skill:greedy>random");
  EXPECT_EQ(setup.targets[0].min, 0.6);
  // Saved into the ruleset as the matrix, and read back as the same row.
  const TuneRows rows = spec->rows();
  const TuneRows back = rowsFromTuning(tuningSections(rows));
  EXPECT_EQ(back, rows);
  EXPECT_NE(tuneRowsYaml(rows).find("{skill: [\"planner\", \"greedy\", \"random\"], min: 0.6}"), std::string::npos)
      << tuneRowsYaml(rows);
  // Typed in place: a misspelt agent is named at its row.
  spec->targetsTable()->item(0, 0)->setText(QStringLiteral("skill: greedy > randon"));
  EXPECT_TRUE(spec->targetProblem(0).contains(QStringLiteral("randon"))) << spec->targetProblem(0).toStdString();
}

}  // namespace
}  // namespace wb::app
