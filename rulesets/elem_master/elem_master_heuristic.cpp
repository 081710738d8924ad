// Elem Master position evaluation for the greedy agent, greedy rollouts and the
// planner (higher is better for `player`; a team adds its partner and subtracts
// the other team, free-for-all subtracts the mean of the strongest opponent and the
// average one). What a player values in the coming turns, per seat p:
//
//   material     3.0 / 2.0 / 1.5 / 1.2 per Earth / Fire / Water / Air token on the
//                board, +0.3 for a stack of level 2 or more
//   threats      0.35 x (enemy level, at most 2) x its token value / 2 for each enemy
//                stack this stack can attack with a gain (Fire -> Earth/Air, Water ->
//                Fire, Earth -> Water); none from a stack that stays marked through its
//                owner's next turn (Runiste, Hiver, Gel); by the element a stack acts as
//                this turn (Métamorphe)
//   earth safety -6 with 1 Earth token left, -2 with 2 (one attack from elimination)
//   fire reach   -0.15 per square between p's nearest Fire and an enemy Earth
//   growth sites +0.4 x token value for each stack on a terrain where it grows, below
//                the cap, with a token in reserve (it can grow next turn); so
//                destroying a stack is worth more than hurting it (breaks regrowth loops)
//   reserve      +0.08 per token in reserve (future growth and gains)
//   necromancer  +1.5 per Earth token set aside in the pool (a future Earth, 3 PA away)
//   marks        -(0.3 + 0.25 x level) per stack that cannot act on its owner's next (or
//                current) turn: a seat not playing, its stacks marked now (Runiste,
//                Hiver, Gel, Jungle); the seat playing, the stacks that were marked
//                when its turn began
//   action points the evaluating seat, while it plays: +0.5 per PA left (a cheap
//                action beats an expensive one with the same effect, e.g. Enchanteur
//                vs attack; ending the turn wastes what is left); another seat while
//                it plays: +-0.8 per PA its turn began with above / below the normal 3
//   next turn    Arc-en-ciel +0.8 per extra PA; Coulée de boue -0.8 per PA the next
//                seat loses; Brouillard -1.0 for the seat it stops (next or playing); Ouragan +0.4 per own
//                Air stack; Canicule +0.5 per own Fire stack; Innondation +0.5 per own
//                Water stack that can grow; Sécheresse +0.3 per own Fire stack while it
//                lasts (for a seat whose enemies have Water)
//   pending      the open choice of the seat playing, at what it will bring: a summon
//                count x level x token value (x0.9), Averse/Coucher de soleil/Neige/
//                Grêle 2.0 per level they remove, Tornade/Aurore 1.2 per level they add,
//                Brise 1.0, Etoile filante 0.6, Pleine Lune 2.0, Eclipse 0.5, Secousse
//                0.2, Effondrement 0.2; the set-aside choice is valued by its result
//   repetition   -4.0 x the earlier occurrences of this turn-start position in the
//                repetition window (elem_master_repetition.cpp), for the seat whose
//                turn ended on it: a recurring position is a step toward the
//                repetition end (adjudicated by the no-Fire count), so a seat lets
//                one recur only when every other turn is worse by more than that.
//                Without it the side ahead on the count completed every repetition
//                (grow/attack trades that undo each other, a Nécromancien's
//                reanimations burnt every turn) rather than play on; the third
//                occurrence itself is terminal and valued by the returns
//   setup        during the draft and the free start: elem_master_setup.cpp
//                (setupHeuristic; only the seat's own screen): token values with
//                diminishing returns per element, +0.3 per level-2 stack, +0.4 Earth
//                on the back row, +0.3 Fire/Water on the front row, +0.2 on a growth
//                terrain, and -3 (Orage safety, events on) while no Earth stack of
//                the screen has level 2 or more
//
// Terminal positions: +-1e9 by the returns.
#include <algorithm>
#include <cstdlib>

#include "rulesets/elem_master/elem_master_state.h"

namespace wb::rulesets::elem_master {

namespace {
constexpr double kValue[kElements] = {3.0, 2.0, 1.5, 1.2};  // per token: Earth, Fire, Water, Air
constexpr double kApNow = 0.5, kApNext = 0.8;
constexpr double kRepeat = 4.0;  // per earlier occurrence of a turn-start position (repetition term)
// Specialty threats: the share of an enemy power's coming take that counts now (the enemy
// plays it if nothing better), and what losing the last Earth (elimination) or keeping it
// only in transmutable stacks (one turn from it) adds.
constexpr double kSpecialtyThreat = 0.8;
constexpr double kTransmutedOut = 20.0;
constexpr double kTransmutedSoon = 6.0;
}

double ElemMasterState::heuristic(int player) const {
  if (m_terminal) {
    const std::vector<double> r = returns();
    const double v = player >= 0 && player < m_players ? r[static_cast<std::size_t>(player)] : 0.0;
    return (v * 2.0 - 1.0) * 1e9;
  }
  if (m_phase != Phase::Play) return setupHeuristic(player);
  const ElemMasterRules& R = *m_rules;
  std::array<double, kMaxPlayers> score{};
  std::array<int, kMaxPlayers> earth{};
  std::array<int, kMaxPlayers> fireDist{};
  std::array<int, kMaxPlayers> stacks[kElements] = {};
  std::array<int, kMaxPlayers> growableWater{};
  fireDist.fill(100);
  const int next = nextPlayer();
  // isEnemy inline (this function is most of a planner game's time), and the
  // Earth stacks gathered once for the fire-reach term instead of one board scan
  // per Fire stack; the terms and their values are unchanged.
  const bool teamPlay = m_players == 4 && R.teams;
  const auto enemy = [teamPlay](int p, int q) {
    return p != q && p >= 0 && q >= 0 && (!teamPlay || (p % 2) != (q % 2));
  };
  std::array<int, kMaxCells> earthCells;
  int earthStacks = 0;
  for (int c = 0; c < m_cells; ++c) {
    const Cell& cl = m_board[static_cast<std::size_t>(c)];
    if (cl.owner >= 0 && cl.element == kEarth) earthCells[static_cast<std::size_t>(earthStacks++)] = c;
  }
  for (int c = 0; c < m_cells; ++c) {
    const Cell& cl = m_board[static_cast<std::size_t>(c)];
    if (cl.owner < 0) continue;
    const std::size_t o = static_cast<std::size_t>(cl.owner);
    const PlayerState& ps = m_p[o];
    score[o] += kValue[cl.element] * cl.level + (cl.level >= 2 ? 0.3 : 0.0);
    stacks[cl.element][o]++;
    if (cl.element == kEarth) earth[o] += cl.level;
    // Growth sites: this stack can grow on its next turn.
    const TerrainDef& terr = R.terrains[m_terrain[static_cast<std::size_t>(c)]];
    const bool canGrow = cl.level < R.maxLevel && ps.reserve[cl.element] > 0;
    if (canGrow && ((terr.growMask >> cl.element) & 1u)) score[o] += 0.4 * kValue[cl.element];
    if (cl.element == kWater && cl.level < R.maxLevel && ps.reserve[kWater] > 0) growableWater[o]++;
    // Marks: stacks of a seat not playing that stay marked through its next turn.
    if (cl.owner != m_current && (cl.flags & kPlayed)) score[o] -= 0.3 + 0.25 * cl.level;
    const int r = c / m_side, col = c % m_side;
    // A stack of a seat not playing that is marked cannot attack on that seat's next turn.
    const bool idle = cl.owner != m_current && (cl.flags & kPlayed);
    for (int d = 0; d < 8 && !idle; ++d) {
      const int nr = r + kDirRow[d], nc = col + kDirCol[d];
      if (!inBoard(nr, nc)) continue;
      const Cell& n = m_board[static_cast<std::size_t>(cellOf(nr, nc))];
      if (!enemy(cl.owner, n.owner)) continue;
      // Threats: this elemental can take levels from the neighbour (worth less than material);
      // a Métamorphe's stack threatens as the element it acts as this turn.
      const int me = effElement(c), ne = effElement(cellOf(nr, nc));
      if ((me == kFire && (ne == kEarth || ne == kAir)) || (me == kWater && ne == kFire) || (me == kEarth && ne == kWater))
        score[o] += 0.35 * std::min<int>(n.level, 2) * kValue[n.element] / 2.0;
    }
    if (cl.element == kFire) {
      for (int k = 0; k < earthStacks; ++k) {
        const int e = earthCells[static_cast<std::size_t>(k)];
        if (!enemy(cl.owner, m_board[static_cast<std::size_t>(e)].owner)) continue;
        const int dist = std::max(std::abs(e / m_side - r), std::abs(e % m_side - col));
        fireDist[o] = std::min(fireDist[o], dist);
      }
    }
  }
  for (int p = 0; p < m_players; ++p) {
    const std::size_t i = static_cast<std::size_t>(p);
    const PlayerState& ps = m_p[i];
    if (ps.eliminated) continue;
    // Earth safety: a single Earth token left is one attack from elimination.
    if (earth[i] <= 1) score[i] -= 6.0;
    else if (earth[i] <= 2) score[i] -= 2.0;
    if (fireDist[i] < 100) score[i] -= 0.15 * fireDist[i];
    for (int e = 0; e < kElements; ++e) score[i] += 0.08 * ps.reserve[static_cast<std::size_t>(e)];
    score[i] += 1.5 * ps.pool;
    // Next-turn modifiers.
    score[i] += kApNext * ps.extraAp;
    if (ps.nextOwn & kOwnHurricane) score[i] += 0.4 * stacks[kAir][i];
    if (ps.nextOwn & kOwnHeat) score[i] += 0.5 * stacks[kFire][i];
    if (ps.nextOwn & kOwnFlood) score[i] += 0.5 * growableWater[i];
    if (p == next && p != m_current) {
      if (m_nextApOverride >= 0) score[i] -= kApNext * std::max(0, R.actionPoints - m_nextApOverride);
      if (m_noFullMovesNext) score[i] -= 1.0;
    }
    if (p == m_current) {
      score[i] -= 0.3 * m_frozenStacks + 0.25 * m_frozenLevels;
      if (m_noFullMoves) score[i] -= 1.0;
      if (p == player) score[i] += kApNow * std::max(0, m_ap);
      else score[i] += kApNext * (m_turnAp - R.actionPoints);
    }
    if (m_droughtTo >= m_turn) {
      bool enemyWater = false;
      for (int q = 0; q < m_players; ++q) enemyWater = enemyWater || (isEnemy(p, q) && stacks[kWater][static_cast<std::size_t>(q)] > 0);
      if (enemyWater) score[i] += 0.3 * stacks[kFire][i];
    }
  }
  // Specialty threats: what an enemy's power can take from p on that enemy's coming turn.
  if (R.specialtiesEnabled)
    for (int p = 0; p < m_players; ++p)
      if (!m_p[static_cast<std::size_t>(p)].eliminated) score[static_cast<std::size_t>(p)] -= specialtyThreat(p);
  // Repetition: the seat whose turn ended on a position seen before (m_repeats is
  // cleared by the next action, so it counts only at the start of a turn).
  if (m_repeats > 0 && m_repeatBy >= 0) {
    score[static_cast<std::size_t>(m_repeatBy)] -= kRepeat * m_repeats;
  }
  // The seat playing: its open choice.
  {
    const std::size_t i = static_cast<std::size_t>(m_current);
    const Pending& pd = m_pending;
    double pend = 0.0;
    switch (pd.kind) {
      case PendingKind::PlaceSummon:
        pend = 0.9 * pd.count * pd.level * kValue[std::max<int>(0, pd.element)];
        break;
      case PendingKind::PickLevelOne:
        pend = pd.delta < 0 ? 2.0 * -pd.delta : 1.2 * pd.delta;
        break;
      case PendingKind::PickSome: case PendingKind::PickArea: pend = 2.0 * pd.count * std::abs(pd.delta); break;
      case PendingKind::PickAurora: pend = 1.2 * pd.count; break;
      case PendingKind::PickAvalanche: pend = 2.5; break;
      case PendingKind::PickBreeze: case PendingKind::PickBreezeBreath: pend = 1.0; break;
      case PendingKind::PickStar: case PendingKind::PickStarDir: pend = 0.6; break;
      case PendingKind::PickMoon: pend = 2.0; break;
      case PendingKind::PickEclipse: pend = 0.5; break;
      case PendingKind::PickTremor: case PendingKind::PlaceVoid: pend = 0.2; break;
      default: break;
    }
    score[i] += pend;
  }
  const bool teams = m_players == 4 && R.teams;
  double mine = 0, best = -1e18, sumOther = 0;
  int others = 0;
  for (int p = 0; p < m_players; ++p) {
    const double s = m_p[static_cast<std::size_t>(p)].eliminated ? 0.0 : score[static_cast<std::size_t>(p)];
    if (p == player || (teams && p % 2 == player % 2)) {
      mine += s;
    } else {
      best = std::max(best, s);
      sumOther += s;
      ++others;
    }
  }
  if (others == 0) return mine;
  return teams ? mine - sumOther : mine - 0.5 * (best + sumOther / others);
}

double ElemMasterState::specialtyThreat(int p) const {
  // The worst of p's enemies' powers on their coming turn (the one playing: with the action
  // points it has left; another: with a turn's points and what an event gave it), in the
  // heuristic's token values. Specialties are open information.
  const ElemMasterRules& R = *m_rules;
  double worst = 0.0;
  for (int q = 0; q < m_players; ++q) {
    const PlayerState& qs = m_p[static_cast<std::size_t>(q)];
    if (!isEnemy(p, q) || qs.eliminated || qs.specialty < 0) continue;
    const SpecialtyDef& sp = R.specialties[static_cast<std::size_t>(qs.specialty)];
    const int ap = q == m_current ? m_ap : R.actionPoints + qs.extraAp;
    const int uses = sp.cost > 0 ? std::max(0, ap) / sp.cost : 0;
    if (uses <= 0) continue;
    double loss = 0.0;
    switch (sp.op) {
      case SpecOp::Transmute: {
        // Alchimiste: a stack of level 2+ becomes another element one level lower. On p's
        // Earth it takes L Earth tokens for L - 1 of the cheapest element; Earth left only in
        // stacks of level 2+ is one turn from elimination, none left is elimination. A
        // level-1 Earth cannot be transmuted: the defence is to keep Earth at level 1.
        std::array<int, kMaxCells> levels{};
        int n = 0, earthTokens = 0;
        for (int c = 0; c < m_cells; ++c) {
          const Cell& cl = m_board[static_cast<std::size_t>(c)];
          if (cl.owner != p || cl.element != kEarth) continue;
          earthTokens += cl.level;
          if (cl.level >= 2) levels[static_cast<std::size_t>(n++)] = cl.level;
        }
        std::sort(levels.begin(), levels.begin() + n, std::greater<>());
        int taken = 0;
        for (int k = 0; k < n && k < uses; ++k) {
          loss += kValue[kEarth] * levels[static_cast<std::size_t>(k)] - kValue[kAir] * (levels[static_cast<std::size_t>(k)] - 1);
          taken += levels[static_cast<std::size_t>(k)];
        }
        if (taken > 0 && taken >= earthTokens) {
          loss += kTransmutedOut;
        } else if (taken > 0) {
          // The Earth left after this turn's transmutes is all in stacks of level 2+.
          int levelOne = earthTokens - taken;
          for (int k = uses; k < n; ++k) levelOne -= levels[static_cast<std::size_t>(k)];
          if (levelOne <= 0) loss += kTransmutedSoon;
        }
        break;
      }
      case SpecOp::ControlEnemy: {
        // Oracle: one of p's stacks attacks another of p's (Fire -> Earth / Air, Water -> Fire,
        // Earth -> Water), one level per use: the most valuable such pairs.
        std::array<double, 8> best{};
        for (int c = 0; c < m_cells; ++c) {
          if (m_board[static_cast<std::size_t>(c)].owner != p) continue;
          for (int d = 0; d < 8; ++d) {
            const int nr = c / m_side + kDirRow[d], nc = c % m_side + kDirCol[d];
            if (!inBoard(nr, nc)) continue;
            const int t = cellOf(nr, nc);
            if (m_board[static_cast<std::size_t>(t)].owner != p) continue;
            const int a = effElement(c), b = effElement(t);
            if (!((a == kFire && (b == kEarth || b == kAir)) || (a == kWater && b == kFire) || (a == kEarth && b == kWater))) continue;
            double v = kValue[m_board[static_cast<std::size_t>(t)].element];
            for (std::size_t k = 0; k < best.size(); ++k)
              if (v > best[k]) std::swap(v, best[k]);
          }
        }
        for (int k = 0; k < uses && k < static_cast<int>(best.size()); ++k) loss += best[static_cast<std::size_t>(k)];
        break;
      }
      case SpecOp::SacrificeSummon: {
        // Démoniste: a stack of q next to p's Earth or Air becomes a level-1 Fire that may
        // attack at once (assumed on the card): one level of the best such target per use.
        double bestTarget = 0.0;
        for (int c = 0; c < m_cells; ++c) {
          const Cell& cl = m_board[static_cast<std::size_t>(c)];
          if (cl.owner != p || (cl.element != kEarth && cl.element != kAir)) continue;
          for (int d = 0; d < 8; ++d) {
            const int nr = c / m_side + kDirRow[d], nc = c % m_side + kDirCol[d];
            if (inBoard(nr, nc) && m_board[static_cast<std::size_t>(cellOf(nr, nc))].owner == q)
              bestTarget = std::max(bestTarget, kValue[cl.element]);
          }
        }
        loss = bestTarget * std::min(uses, 1);
        break;
      }
      default: break;
    }
    worst = std::max(worst, loss);
  }
  return kSpecialtyThreat * worst;
}

}  // namespace wb::rulesets::elem_master
