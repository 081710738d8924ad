// Private to model/describe: the compiler's working state, shared by
// description_compiler.cpp (sections, names, expressions), effect_compiler.cpp
// (effects to byte code) and description_checks.cpp (static checks).
#pragma once

#include <yaml-cpp/yaml.h>

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/ruleset.h"
#include "model/describe/described_program.h"
#include "model/describe/expression_interval.h"
#include "model/yaml/node_reader.h"

namespace wb::model::describe {

struct ExprSource {
  Expression expr;
  SourceLocation where;
};

class Compiler {
 public:
  Compiler(const Ruleset& rs, yaml::NodeReader& reader, DescribedProgram& p) : m_rs(rs), m_r(reader), m_p(p) {}
  void compile(const YAML::Node& rules);

  // description_compiler.cpp
  // An amount: a scalar node parsed and bound; -1 (reported) on error.
  int expression(const YAML::Node& node, const std::string& what);
  int expressionText(const std::string& text, const SourceLocation& where);
  // A condition: comparisons, or `{call: name}` (a function of the `lua:` script).
  int condition(const YAML::Node& node);
  // The index of the `lua:` script's function named by `value` (added to
  // luaFunctions when first named); -1 (reported) when there is no script or no name.
  int luaFunction(const YAML::Node& value, const SourceLocation& keyLoc, const SourceLocation& valueLoc,
                  const std::string& key);
  int conditionText(const std::string& text, const SourceLocation& where);
  int counterRef(const YAML::Node& node, std::string_view name, const SourceLocation& where);
  int zoneRef(const YAML::Node& node, std::string_view name, const SourceLocation& where);
  int actionRef(std::string_view name, const SourceLocation& where);
  std::string scalar(const YAML::Node& node, const std::string& what);
  void error(const SourceLocation& where, std::string message) { m_r.error(where, std::move(message)); }

  // effect_compiler.cpp
  // Appends the effects (a list, or one effect) and a Return; returns the entry pc.
  int effectBlock(const YAML::Node& effects, const std::string& what);
  int cardEffects(const Entity& card);

  // description_checks.cpp
  void staticChecks();

  // trigger_compiler.cpp: triggers, who acts in a phase, what a pick counts as
  void readTriggers(const YAML::Node& node);
  // `turn_bound: {moves: N, then: [actions]}` (after the turn's actions are read).
  void readTurnBound(const YAML::Node& node);
  int phaseActor(const YAML::Node& node);
  CardUse cardUse(const YAML::Node& node);
  // Fills the program's read* lists from its expressions (after everything is compiled).
  void noteReadSlots();
  // The slots each expression and condition reads, and the conditions on the card alone tabulated.
  void noteFastReads();
  // The `count_as` effect; true when `key` was it.
  bool extraEffect(const std::string& key, const YAML::Node& value, const SourceLocation& where);

  // stack_compiler.cpp: answers and the stack
  StackRole stackRole(const YAML::Node& node);
  // An action's `resolve:` (kept in `resolve` until its effects are compiled) or `answers:`.
  bool readStackActionKey(const yaml::MapEntry& e, int index, YAML::Node& resolve);
  void readResolve(const YAML::Node& resolve, int index);
  bool stackEffect(const std::string& key, const YAML::Node& value, const SourceLocation& where);
  void bindStackNames(int& next);
  bool stackNameRange(int slot, Interval& out) const;
  // The stack phases' places and checks, and the cards an answer may pick.
  void finishStack();

  yaml::NodeReader& reader() { return m_r; }

 private:
  void readCounters(const YAML::Node& node);
  void readZones(const YAML::Node& node);
  void readCards();
  void readFactions();
  void bindNames();
  void readTurn(const YAML::Node& node);
  void readPhase(const YAML::Node& node, int index);
  void readAction(const YAML::Node& node, int phase);
  void readEnd(const YAML::Node& node);
  // script_compiler.cpp: scripted players.
  void readScripts(const YAML::Node& node);
  bool readTake(const std::string& name, const SourceLocation& where, ScriptRule& rule);
  void readLua(const yaml::MapEntry& e);
  int boundValue(const YAML::Node& node, const std::string& what, long long lo, long long hi, int fallback);

  void effects(const YAML::Node& list, int depth);
  void effect(const YAML::Node& item, int depth);
  void emit(Op op, int a = 0, int b = 0, int c = 0, int d = 0);
  int nextPhaseTarget(const YAML::Node& value, const SourceLocation& where);

  bool conditionCanHold(int condition) const;

 public:
  // The values a name can take within the counters' bounds (the static checks').
  Interval rangeOfName(std::string_view name) const;
  const Ruleset& m_rs;
  yaml::NodeReader& m_r;
  DescribedProgram& m_p;
  std::map<std::string, int, std::less<>> m_slots;     // expression name -> slot
  std::set<std::string, std::less<>> m_names;         // for "did you mean"
  std::map<std::string, int, std::less<>> m_counters;  // id -> index
  std::map<std::string, int, std::less<>> m_zones;
  std::map<std::string, int, std::less<>> m_actions;
  std::map<std::string, int, std::less<>> m_phases;
  std::vector<ExprSource> m_exprSources;              // by expression index
  std::vector<bool> m_zoneFilled;                     // a card can enter the zone
  std::vector<int> m_phaseJumps;                      // per phase: bit set of phases reachable by next_phase
  std::vector<std::vector<int>> m_phaseTargets;       // per action: phases its effects move to
  int m_currentAction = -1;
  bool m_inCardEffects = false;
  bool m_pickAllowed = false;
  bool m_inResolve = false, m_inAnswerResolve = false;
  bool m_duringInvalid = false;  // the phase being read has a `during:` that is neither answers nor window
  std::vector<SourceLocation> m_counterLocs, m_zoneLocs;
  SourceLocation m_endLoc, m_rulesLoc;
  bool m_hasEnd = false;
  int m_endGames = 0;  // end_game effects
  // `unless_legal:` names, resolved once every action is known (board_compiler.cpp).
  std::vector<std::pair<int, yaml::MapEntry>> m_unlessLegal;
};

}  // namespace wb::model::describe
