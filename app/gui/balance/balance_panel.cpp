#include "app/gui/balance/balance_panel.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMetaObject>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>

#include "app/gui/balance/tune_result_view.h"
#include "app/gui/balance/tune_spec_editor.h"
#include "app/gui/document/ruleset_document.h"
#include "app/gui/results/revision_note.h"
#include "model/diff/ruleset_diff.h"
#include "rulesets/engine_catalog.h"
#include "simulation/agents/agent_factory.h"

namespace wb::app {
namespace {

// Agent specs of a line edit; empty: the engine's default agent.
bool agentList(const QString& text, const std::string& fallback, int players, std::vector<std::string>& out,
               QString& error) {
  out.clear();
  std::string why;
  if (!text.trimmed().isEmpty() && !sim::splitAgentList(text.trimmed().toStdString(), out, why)) {
    error = QString::fromStdString(why);
    return false;
  }
  for (const std::string& a : out)
    if (!sim::isValidAgentSpec(a, why)) {
      error = QString::fromStdString(why);
      return false;
    }
  if (out.empty()) out = {fallback};
  if (out.size() != 1 && static_cast<int>(out.size()) != players) {
    error = QObject::tr("%1 agents for %2 players: give one agent for every seat, or one per seat.")
                .arg(out.size())
                .arg(players);
    return false;
  }
  return true;
}

}  // namespace

BalancePanel::BalancePanel(RulesetDocument* document, QWidget* parent) : QWidget(parent), m_document(document) {
  auto* outer = new QHBoxLayout(this);
  outer->setContentsMargins(4, 4, 4, 4);
  auto* split = new QSplitter(Qt::Horizontal, this);
  outer->addWidget(split);

  auto* left = new QWidget(split);
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 4, 0);
  m_spec = new TuneSpecEditor(document, [this] { return runSettings(); }, left);
  leftLayout->addWidget(m_spec, 1);
  auto* settings = new QGroupBox(tr("Budget and agents"), left);
  auto* form = new QFormLayout(settings);
  m_budget = new QSpinBox(settings);
  m_budget->setRange(1, 100'000'000);
  m_budget->setValue(4000);
  m_budget->setGroupSeparatorShown(true);
  m_budget->setSuffix(tr(" games"));
  m_budget->setToolTip(tr("Games the search may play; the verification on fresh seeds comes on top."));
  form->addRow(tr("Search budget"), m_budget);
  m_verifyGames = new QSpinBox(settings);
  m_verifyGames->setRange(0, 100'000'000);
  m_verifyGames->setGroupSeparatorShown(true);
  m_verifyGames->setSpecialValueText(tr("budget / 16"));
  m_verifyGames->setToolTip(tr("Games of each verification run (the proposal and the baseline, each agent set)."));
  // Per run, as --verify-games: the result counts every run's games ("400 verification games").
  form->addRow(tr("Verification games per run"), m_verifyGames);
  m_searchAgents = new QLineEdit(settings);
  m_searchAgents->setToolTip(tr("Agents of the search: one for every seat, or one per seat (random, greedy, planner, "
                                "mcts:iters=200, ...); empty: the engine's default agent."));
  form->addRow(tr("Search agents"), m_searchAgents);
  m_verifyAgents = new QLineEdit(settings);
  m_verifyAgents->setToolTip(tr("Agents of the verification on fresh seeds (they decide the verdict); empty: the "
                                "engine's default agent."));
  form->addRow(tr("Verify agents"), m_verifyAgents);
  m_seed = new QSpinBox(settings);
  m_seed->setRange(0, 2147483647);
  m_seed->setValue(1);
  form->addRow(tr("Seed"), m_seed);
  m_guard = new QCheckBox(tr("Keep every card in the game"), settings);
  m_guard->setChecked(true);
  m_guard->setToolTip(tr("Content guard: a proposal that prices a card (tile, ability, ...) the knobs reach out of "
                         "the game, makes it mandatory or narrows the variety in use is not a pass. Off: as "
                         "--no-guard."));
  form->addRow(tr("Content guard"), m_guard);
  leftLayout->addWidget(settings);
  auto* buttons = new QHBoxLayout;
  m_run = new QPushButton(tr("Run tune"), left);
  m_run->setToolTip(tr("Searches the fewest edits of the knobs that bring every target inside its band, then "
                       "verifies them on seeds the search never used."));
  m_apply = new QPushButton(tr("Apply proposal"), left);
  m_apply->setToolTip(tr("Sets every edit of the proposal as one undo step."));
  m_apply->setEnabled(false);
  buttons->addWidget(m_run);
  buttons->addWidget(m_apply);
  buttons->addStretch(1);
  leftLayout->addLayout(buttons);

  auto* right = new QWidget(split);
  auto* rightLayout = new QVBoxLayout(right);
  rightLayout->setContentsMargins(4, 0, 0, 0);
  m_progress = new QProgressBar(right);
  m_progress->setRange(0, 1000);
  m_progress->setValue(0);
  rightLayout->addWidget(m_progress);
  m_status = new QLabel(tr("The tuner plays every candidate on the same bank of games as the starting ruleset "
                           "(common random numbers) and checks its answer on fresh seeds."),
                        right);
  m_status->setWordWrap(true);
  rightLayout->addWidget(m_status);
  m_revision = newRevisionLabel(right);
  rightLayout->addWidget(m_revision);
  m_view = new TuneResultView(right);
  rightLayout->addWidget(m_view, 1);
  split->setStretchFactor(0, 2);
  split->setStretchFactor(1, 3);

  connect(m_run, &QPushButton::clicked, this, [this] {
    if (isRunning()) cancel();
    else if (!run()) m_status->setText(m_error);
  });
  connect(m_apply, &QPushButton::clicked, this, [this] {
    if (!applyProposal()) m_status->setText(m_error);
  });
  connect(document, &RulesetDocument::changed, this, [this] { updateRevision(); });
  connect(document, &RulesetDocument::reset, this, [this] {
    ++m_generation;
    cancel();
    if (m_worker.joinable()) m_worker.join();
    m_running.store(false);
    m_run->setText(tr("Run tune"));
    m_result.reset();
    m_resultRuleset = model::Ruleset{};
    m_view->clear();
    m_progress->setValue(0);
    updateRevision();
  });
}

BalancePanel::~BalancePanel() {
  cancel();
  if (m_worker.joinable()) m_worker.join();
}

void BalancePanel::setBudget(int games) { m_budget->setValue(games); }
void BalancePanel::setVerifyGames(int games) { m_verifyGames->setValue(games); }
void BalancePanel::setSeed(int seed) { m_seed->setValue(seed); }
void BalancePanel::setAgents(const QString& searchAgents, const QString& verifyAgents) {
  m_searchAgents->setText(searchAgents);
  m_verifyAgents->setText(verifyAgents);
}

QString BalancePanel::statusText() const { return m_status->text(); }

sim::TuneRunSettings BalancePanel::runSettings() const {
  sim::TuneRunSettings run;
  if (!m_seed) return run;  // still building the form
  run.seed = static_cast<std::uint64_t>(m_seed->value());
  run.players = std::max(1, m_document->ruleset().players.initial());
  run.threads = std::max(1, QThread::idealThreadCount());
  const std::string fallback = rulesets::defaultAgent(m_document->ruleset().engine, run.players);
  QString error;
  if (!agentList(m_searchAgents->text(), fallback, run.players, run.searchAgents, error)) run.searchAgents = {fallback};
  if (!agentList(m_verifyAgents->text(), fallback, run.players, run.verifyAgents, error)) run.verifyAgents = {fallback};
  return run;
}

bool BalancePanel::config(sim::TuneConfig& config, QString& error) const {
  config.run = runSettings();
  const std::string fallback = rulesets::defaultAgent(m_document->ruleset().engine, config.run.players);
  if (!agentList(m_searchAgents->text(), fallback, config.run.players, config.run.searchAgents, error)) {
    error = tr("Search agents: %1").arg(error);
    return false;
  }
  if (!agentList(m_verifyAgents->text(), fallback, config.run.players, config.run.verifyAgents, error)) {
    error = tr("Verify agents: %1").arg(error);
    return false;
  }
  config.budget = static_cast<std::uint64_t>(m_budget->value());
  config.verifyGames = static_cast<std::uint64_t>(m_verifyGames->value());
  config.guard.on = m_guard->isChecked();
  return true;
}

bool BalancePanel::run() {
  if (isRunning()) return false;
  if (m_document->errorCount() > 0) {
    m_error = tr("The ruleset has errors: fix them (see Diagnostics) first.");
    return false;
  }
  // A snapshot the search keeps to itself: the ruleset, the resolved request, the settings.
  struct Job {
    model::Ruleset ruleset;
    sim::TuneSetup setup;
    sim::TuneConfig config;
  };
  auto job = std::make_shared<Job>();
  if (!config(job->config, m_error)) return false;
  job->ruleset = m_document->ruleset();
  if (!m_spec->check(&job->setup)) {
    m_error = tr("The targets or knobs have problems (marked in red): fix them first.");
    return false;
  }
  if (m_worker.joinable()) m_worker.join();
  m_running.store(true);
  m_error.clear();
  m_run->setText(tr("Cancel"));
  m_apply->setEnabled(false);
  m_progress->setValue(0);
  m_progress->setRange(0, 1000);
  m_view->clear();
  m_view->verdictLabel()->setText(tr("Tuning... the verdict comes when the search and its verification on fresh seeds are done."));
  m_status->setText(tr("Tuning: %1 targets, %2 knobs, budget %L3 games...")
                        .arg(job->setup.targets.size())
                        .arg(job->setup.knobs.size())
                        .arg(static_cast<qulonglong>(job->config.budget)));
  const int generation = m_generation;
  m_worker = std::thread([this, job, generation] {
    sim::TuneSearch search(rulesets::builtinEngines(), job->ruleset, job->setup.knobs, job->setup.targets, job->config);
    search.setProgressCallback([this](const sim::TuneProgress& p) {
      QMetaObject::invokeMethod(this, [this, p] { if (isRunning()) showProgress(p); }, Qt::QueuedConnection);
    });
    {
      std::lock_guard<std::mutex> lock(m_searchMutex);
      m_search = &search;
    }
    sim::TuneResult result = search.run();
    {
      std::lock_guard<std::mutex> lock(m_searchMutex);
      m_search = nullptr;
    }
    QMetaObject::invokeMethod(this, [this, job, generation, result = std::move(result)]() mutable {
      if (generation != m_generation) return;  // another ruleset was opened meanwhile
      m_resultRuleset = job->ruleset;
      finish(std::move(result));
    }, Qt::QueuedConnection);
  });
  return true;
}

void BalancePanel::cancel() {
  std::lock_guard<std::mutex> lock(m_searchMutex);
  if (m_search) m_search->cancel();
}

void BalancePanel::showProgress(const sim::TuneProgress& p) {
  const double done = p.budget > 0 ? std::min(1.0, static_cast<double>(p.searchGames) / static_cast<double>(p.budget)) : 0.0;
  // The search fills the bar to 90%; the verification's length is not known
  // ahead, so while it plays the bar says busy instead of standing at 100%.
  if (p.phase == "verification") {
    m_progress->setRange(0, 0);
  } else {
    m_progress->setRange(0, 1000);
    m_progress->setValue(static_cast<int>(900 * done));
  }
  m_status->setText(tr("Tuning: %1 (%L2 of %L3 search games%4). Best proposal so far: %5.")
                        .arg(QString::fromStdString(p.phase))
                        .arg(static_cast<qulonglong>(p.searchGames))
                        .arg(static_cast<qulonglong>(p.budget))
                        .arg(p.verifyGames > 0 ? tr(", %L1 verification").arg(static_cast<qulonglong>(p.verifyGames)) : QString())
                        .arg(p.best.empty() ? tr("no edits") : QString::fromStdString(p.best)));
}

void BalancePanel::finish(sim::TuneResult result) {
  m_running.store(false);
  m_run->setText(tr("Run tune"));
  m_progress->setRange(0, 1000);
  if (!result.ok()) {
    m_error = QString::fromStdString(result.error);
    m_status->setText(m_error);
    m_result.reset();
    m_view->clear();
  } else {
    m_progress->setValue(1000);
    m_status->setText(result.verdict == sim::TuneVerdict::Interrupted
                          ? tr("Cancelled: the best proposal so far is shown, not verified.")
                          : tr("Done: %L1 search and %L2 verification games.")
                                .arg(static_cast<qulonglong>(result.searchGames))
                                .arg(static_cast<qulonglong>(result.verifyGames)));
    m_view->showResult(result);
    m_result = std::move(result);
  }
  updateRevision();
  Q_EMIT finished();
}

std::optional<sim::TuneResult> BalancePanel::reportableResult() const {
  if (!m_result || isRunning()) return std::nullopt;
  sim::TuneConfig now;
  QString error;
  if (!config(now, error)) return std::nullopt;
  const sim::TuneResult& r = *m_result;
  if (now.budget != r.budget || now.run.seed != r.seed || now.run.searchAgents != r.searchAgents ||
      now.run.verifyAgents != r.verifyAgents)
    return std::nullopt;
  return m_result;
}

int BalancePanel::editsSinceResult() const {
  if (!m_result) return 0;
  return static_cast<int>(model::diffRulesets(m_resultRuleset, m_document->ruleset()).size());
}

QString BalancePanel::revisionNote() const {
  if (!m_result) return {};
  const EditsSince e = editsSince(m_resultRuleset, m_document->ruleset());
  if (e.count == 0) return {};
  return tr("%1: the proposal is relative to the ruleset as it was. Run again to tune the ruleset as it is.").arg(e.text);
}

void BalancePanel::updateRevision() {
  const QString note = revisionNote();
  m_revision->setText(note);
  m_revision->setVisible(!note.isEmpty());
  m_apply->setEnabled(!isRunning() && m_result && m_result->verdict != sim::TuneVerdict::Interrupted &&
                      !m_result->editText.empty() && note.isEmpty());
  // A proposal that does not pass says so on the button that applies it.
  QStringList missed;
  if (m_result && m_result->verdict != sim::TuneVerdict::Pass)
    for (const auto& t : m_result->targets)
      if (t.verified.verdict != sim::TargetVerdict::Pass) missed << QString::fromStdString(t.target.metric.name());
  if (!m_result || m_result->verdict == sim::TuneVerdict::Pass || missed.isEmpty()) {
    m_apply->setText(tr("Apply proposal"));
    m_apply->setToolTip(tr("Sets every edit of the proposal as one undo step."));
  } else {
    m_apply->setText(m_result->verdict == sim::TuneVerdict::Fail ? tr("Apply the closest (fails %1)").arg(missed.join(QStringLiteral(", ")))
                                                                 : tr("Apply the closest (undecided: %1)").arg(missed.join(QStringLiteral(", "))));
    m_apply->setToolTip(tr("The proposal does not meet every target on fresh seeds: applying it is the closest the "
                           "search found, not a fix. One undo step."));
  }
}

bool BalancePanel::applyProposal() {
  if (!m_result || m_result->editText.empty()) {
    m_error = tr("No proposal to apply.");
    return false;
  }
  if (m_result->verdict == sim::TuneVerdict::Interrupted) {
    m_error = tr("The tune was cancelled: its best proposal so far is not verified. Run it to the end first.");
    return false;
  }
  if (editsSinceResult() > 0) {
    m_error = tr("The ruleset changed since the tune: run it again.");
    return false;
  }
  std::vector<std::pair<QString, QString>> edits;
  for (const auto& e : m_result->editText) edits.emplace_back(QString::fromStdString(e.path), QString::fromStdString(e.to));
  QString why;
  const int n = static_cast<int>(edits.size());
  if (!m_document->setValues(edits, tr("Apply the tune proposal (%1)").arg(n == 1 ? tr("1 edit") : tr("%1 edits").arg(n)), &why)) {
    m_error = tr("The proposal could not be applied: %1").arg(why);
    return false;
  }
  Q_EMIT message(tr("Applied the tune proposal: %1 (one undo step).").arg(n == 1 ? tr("1 edit") : tr("%1 edits").arg(n)));
  return true;
}

}  // namespace wb::app
