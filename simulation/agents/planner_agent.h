// PlannerAgent: plans the acting player's whole turn as a sequence of its own
// actions and judges each plan where the turn has passed to another player.
//
// On the state as its player knows it (a determinization, agent.h) it runs a
// beam search over its own actions, pending choices included: every node of
// the beam is expanded by every legal action; a child in which the turn has
// passed (turnCount() changed, or the game ended) is a finished plan, valued by
// the engine's heuristic() there; the other children are ranked by the
// heuristic in the middle of the turn and the best `width` of them (distinct
// ones) are expanded next, up to `depth` own actions (then the heuristic judges
// the unfinished turn). Decisions of other players in the middle of the turn
// (a card-dice response, a Zoneplex battle answer) are made by a fixed model of
// them (`opponent`: their one-ply greedy choice by default), not searched.
// It plays the first action of the best finished plan. So an action that only
// opens a choice, or that pays off next turn, counts for what the turn makes
// of it, if the heuristic values what a player values in the coming turns.
//
// What the planner needs from an engine's heuristic(p): a value of the
// position for p at the start of another player's turn that includes what p
// holds for the coming turns (hand, deck, resources, effects that act next
// turn) and not only the material on the table; values in the middle of a turn
// only rank partial plans. Terminal positions are valued from returns().
//
// It keeps the rest of its plan and plays it on while what it sees matches
// what the plan expected (compared on a canonical determinization: the text,
// the legal actions and the action count), and plans again when something it
// did not foresee happened (a drawn card, a roll, another player's answer).
//
// Common random numbers (`common=on`, the default): a plan's value is one sample
// of the chance events and of the other players' answers that follow its actions
// (a card-dice response, a shuffle, a Zoneplex battle roll). Drawn independently
// per plan, the best-valued plan is often the luckiest one, not the best: in
// card-dice planner game 436 (seed 1, turn 1382) "discard a card, then play
// Blazing Fire" drew a better answer to the Fire than "play Blazing Fire" did, by
// more than the 104 points the discard cost. So every expansion of one search
// starts its random numbers from the same generator state (drawn once per search
// from the agent's stream); plans that differ only by a useless move then meet the
// same answers and the move's cost decides. `common=off` draws them in sequence
// from the agent's stream (the planner before 2026-11-23).
//
// Loops within a turn: a partial plan that returns to a position already
// expanded in this search (the view or a kept plan's position; compared by
// score, then by text) is dropped, so a free action that changes nothing is
// never planned twice. Free actions that change something (a gain each time)
// can still be repeated: after `cap` own decisions in one turn the planner
// only looks for the best action that ends its turn at once (when one does),
// so its turns stay far below an engine's per-turn action bound.
//
// Moves that change nothing (engines whose State::movesMayChangeNothing() is true;
// today ElemenZ): a finished plan that ends in the same position (by text) as an
// equally valued plan found before it, which is no longer (the search goes depth
// by depth), is that plan with moves that changed nothing, and is not one more tie
// to draw among: it is never chosen. Without this the planner chose
// at random between "end the turn" and "throw the spare die into a SHIELD that
// covers it, then end the turn" (ElemenZ: 25.9% of the 4-player
// planner's strikes drained nothing, most of them such throws).
//
// Chance inside a turn (`chance=K`: expectations, not one sample): by
// default (K = 0) a plan goes on through the rolls and draws its own actions cause,
// on one sample of each, so a plan can be chosen for a roll it only happened to
// meet. With K >= 1 an own action that draws a random number (compared: the
// generator's state before and after the action) ends the plan there, valued by
// the mean over K samples of the action and the other players' answers (sample 0
// the expansion itself, the others from K-1 generator states drawn once per
// search: common random numbers); the planner plans again once it has seen the
// outcome. The spec names `chance` only when it is on.
//
// Spec: planner[:width=W,depth=D,eval=lead|self,opponent=greedy|first|random,follow=on|off,common=on|off,cap=N,chance=K].
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "simulation/core/agent.h"

namespace wb::sim {

struct PlannerOptions {
  int width = 4;    // beam width: partial plans kept per step
  int depth = 12;   // own actions per plan at most
  // lead: the player's heuristic minus the mean of its opponents' (other
  // sides); self: the player's heuristic alone (cheaper, for heuristics that
  // already weigh the opponents).
  bool lead = true;
  enum class Opponent { Greedy, First, Random };
  Opponent opponent = Opponent::Greedy;  // other players' decisions in the middle of the turn
  bool follow = true;                    // keep the plan while it still matches
  // Common random numbers: every expansion of one search draws its chance events and the
  // other players' answers from the same random numbers (a copy of one generator), so two
  // plans differ by what the player did, not by their luck (see the header comment).
  bool commonRandom = true;
  int turnCap = 40;  // own decisions per turn before it only seeks to end the turn (0 = no cap)
  // Chance inside the turn: 0 plans on through it on one sample; K >= 1 stops a plan at an
  // own action that draws a random number and values it by the mean over K samples.
  int chanceSamples = 0;
};

class PlannerAgent : public Agent {
 public:
  explicit PlannerAgent(PlannerOptions options = {}) : m_options(options) {}
  std::string spec() const override;
  void reset() override;
  const PlannerOptions& options() const { return m_options; }

  // Statistics of the last decision (tests, tools): plans finished and
  // positions expanded by the last search; true if it followed a kept plan.
  struct LastSearch {
    int finishedPlans = 0;
    int expanded = 0;
    bool followed = false;
    bool capped = false;  // past the per-turn cap: only actions that end the turn were weighed
    int pruned = 0;       // partial plans dropped as repeats of a position already expanded
    int chanceStops = 0;  // plans ended at an own action that drew a random number (chance=K)
    int repeats = 0;      // finished plans that tied with a shorter plan ending in the same position
    std::vector<Action> plan;  // the own actions of the chosen plan
  };
  const LastSearch& lastSearch() const { return m_last; }

 protected:
  Action decide(const State& view, Rng& rng) override;

 private:
  struct Node {
    std::unique_ptr<State> state;
    int parent = -1;   // index into m_kept, -1 = the root
    Action action = 0; // own action from the parent
    double score = 0.0;
  };
  Action plan(const State& view, Rng& rng);
  // Past the cap: the best own action after which the turn has passed; -1 if none does.
  bool endTurnNow(const State& view, Rng& rng, Action& out);
  // True if `c` (score `score`) is a position already expanded in this search.
  bool seenBefore(const State& c, double score, std::string& text);
  // True if the finished position `end` (tied with the best value) is that of a tied
  // plan found before; otherwise records its text among the tied ends.
  bool repeatsATie(const State& end);
  // chance=K: the mean value of own action `a` from `ps` over K samples (`first`: sample 0).
  double chanceMean(const State& ps, Action a, int me, int turn, double first, Rng& rng);
  // Other players' decisions until `me` acts again, the turn passes or the game ends.
  void resolveOthers(State& s, int me, int turn, Rng& rng);
  double value(const State& s, int me);
  std::string fingerprint(const State& s, int me);
  std::unique_ptr<State> take();
  void give(std::unique_ptr<State> s);

  PlannerOptions m_options;
  LastSearch m_last;
  // The kept plan of each player: actions still to play, and what the player
  // should see before each of them.
  struct Step {
    Action action = 0;
    std::string expected;
  };
  std::vector<std::vector<Step>> m_plans;  // per player
  // Per player: the turn of its last decision and its decisions in that turn.
  std::vector<int> m_turnOf, m_turnDecisions;
  // Scratch, reused between calls (no allocation per position once warm).
  std::vector<std::unique_ptr<State>> m_free;
  std::vector<Node> m_kept, m_candidates;
  std::vector<std::string> m_keptText;  // texts of the kept plans' positions (made on demand)
  // The finished positions of the plans tied at the best value so far, with their
  // texts (made on demand): a later plan ending in one of them changed nothing.
  std::vector<std::unique_ptr<State>> m_tiedEnds;
  std::vector<std::string> m_tiedTexts;
  const State* m_root = nullptr;        // the view of this search
  double m_rootScore = 0.0;
  std::string m_rootText;               // made on demand
  std::vector<Action> m_legal, m_otherLegal;
  std::unique_ptr<State> m_greedyCopy;
  std::vector<double> m_values;
  Rng m_beforeAction;              // chance=K: the generator before an own action
  std::vector<Rng> m_chanceBases;  // chance=K: the other samples' generator states
};

}  // namespace wb::sim
