// Zoneplex: the heuristic (ZoneplexState::heuristic), what the greedy agent,
// MCTS priors and the planner judge positions by.
//
// It is relative: h(p) = V(p) - T * ln(sum over all players q of exp(V(q) / T)),
// T = kTemperature, i.e. T times the log of p's share of a soft "who wins"
// vote. The leader's gain is p's loss (about one for one when p trails the
// leader, a little when a rival is far behind), so helping a rival to a Fear
// that completes their set costs p, and hurting the leader helps p.
//
// V(q), "standing", is in influence points (IP), what q can expect to count at
// the end:
//  - influence: WMS + stones on chambers (+ influential relics). Before phase 2
//    a stone on a sacred chamber of an unknown symbol counts the mean of
//    "another's symbol" and "unclaimed symbol" over the symbols q does not hold;
//    its own symbol counts as such. (q's symbol is known to q; in a
//    determinized view the others' symbols are guesses, so this is q's view.)
//  - battle strength: kWmsFuture IP per WMS point while Fears remain to be
//    fought (scaled by the share of the deck left): WMS wins battles.
//  - spirit stones: kStoneHome per stone in the Netherzone (it can still be
//    placed; less as the deck runs out) and kStonePlaced per placed stone (it
//    can be sacrificed in a battle: only placed stones can).
//  - Fear classes: -kUnworthy x (1 - P(worthy at the end)). P(worthy) is 1 with
//    all three classes (Masters and Canopic Jars count as any); otherwise it is
//    estimated from the missing classes and the Fears q can still expect to
//    capture (the Fears left in the action deck x kCaptureRate / players).
//    Cataclysm: the unworthy are obliterated, so this dominates late.
//    + kFearTieBreak per captured Fear (the first tie-break).
//  - relics in hand: a value per power (relicWorth(), less as the deck runs
//    out: an unused relic only counts in the last tie-break).
//  - the Eye race (phase 2, all three classes): kEyeLead if the +2 bonus
//    would give q a decisive lead, kEyeNear less per step to the Eye.
//  - cards in hand: before phase 2, kOwnTileInHand per sacred chamber tile of
//    q's own symbol still to place (q decides where it goes), kOwnChamberBuilt
//    per such chamber on the pyramid without a stone yet.
//  - position for the coming turns: -kChamberDistance per step to the nearest
//    free chamber while stones wait in the Netherzone.
//  - the turn player's move this turn (placing, choosing steps, moving): the
//    best tile the steps still to come can end on (walks of exactly that many
//    steps, forward or back; teleporters not followed): a free chamber is worth
//    the stone placed there minus the stone at home, a free reliquary
//    kRelicDraw. The Eye, if q may enter it and it is within reach, kEyeReach.
//    At the stone and reliquary choices the pending event counts the same.
//  - a pending Fear battle: its expected effect on every participant: the exact
//    defeat chance (sacrifices, promised sacrifices, relic rolls and bonuses,
//    every participant's attack) times the gain of a win (+1 WMS, the Fear to
//    whom the offer gives it, kRelicDraw per relic share) and the loss of a
//    defeat (-1 WMS). Invitees who have not answered are predicted: each (in
//    answer order) joins if joining raises their own relative value h; a
//    player asking to join is predicted to be admitted if that raises the
//    drawer's h. A gift or an offered item goes to whoever ends up with it.
// Terminal positions: the returns (State::heuristic), which dominate.
#include <algorithm>
#include <bit>
#include <cmath>

#include "rulesets/zoneplex/zoneplex_state.h"

namespace wb::rulesets::zoneplex {

namespace {

constexpr double kTemperature = 2.5;
constexpr double kWmsFuture = 0.6;
constexpr double kStoneHome = 0.8;
constexpr double kStonePlaced = 0.3;
constexpr double kUnworthy = 12.0;
constexpr double kCaptureRate = 0.6;
constexpr double kFearTieBreak = 0.2;
constexpr double kRelicDraw = 0.6;  // a relic drawn face down, before one knows which
constexpr double kEyeLead = 4.0;
constexpr double kEyeNear = 0.4;
constexpr double kChamberDistance = 0.1;
constexpr double kOwnChamberBuilt = 0.2;
constexpr double kOwnTileInHand = 0.15;
constexpr double kEyeReach = 30.0;

// What a relic in hand is worth (IP) at the start of the game, by power.
double relicWorth(RelicOp op) {
  switch (op) {
    case RelicOp::GainWms: return 0.9;
    case RelicOp::DrainWms: return 0.7;
    case RelicOp::WeakenFear: return 0.9;
    case RelicOp::AttackBonus: return 0.8;
    case RelicOp::Warp: return 0.8;
    case RelicOp::DislocateStone: return 0.7;
    case RelicOp::StealRelic: return 0.5;
    case RelicOp::MoveOther: return 0.4;
    case RelicOp::ExtraSteps: return 0.4;
    case RelicOp::Influence:
    case RelicOp::CanopicJar: return 0.0;  // counted in influence / among the Fears
  }
  return 0.0;
}

// Evaluator's P(worthy) table of the last (Fears left, players) on this thread.
struct WorthyCache {
  int fearsLeft = -1;
  int players = 0;
  std::array<double, kFearClasses + 1> pWorthy{};
};

// One player's standing, split so a battle's outcome can be applied to it.
struct Standing {
  double base = 0.0;     // everything but the WMS and Fear terms
  int wms = 1;
  int classes = 0;       // bit per Fear class held
  int wild = 0;          // Masters and Canopic Jars
  int fears = 0;
  bool worthyEyeBonus = false;  // (phase 2) could enter the Eye: its term is in base
};

class Evaluator {
 public:
  explicit Evaluator(const ZoneplexState& s) : m_s(s), m_R(s.rules()), m_n(s.numPlayers()) {
    int totalCards = 0;
    for (const ActionCardType& a : m_R.actions) totalCards += a.count;
    m_left = totalCards > 0 ? std::clamp(static_cast<double>(s.actionDeckSize()) / totalCards, 0.0, 1.0) : 0.0;
    const int fearsLeft = countFearsLeft();
    m_expectedCaptures = fearsLeft * kCaptureRate / m_n;
    // A function of (Fears left, players) alone, which rarely change within a search.
    thread_local WorthyCache t_worthy;
    if (t_worthy.fearsLeft != fearsLeft || t_worthy.players != m_n) {
      for (int missing = 0; missing <= kFearClasses; ++missing)
        t_worthy.pWorthy[static_cast<std::size_t>(missing)] =
            missing == 0 ? 1.0 : std::pow(1.0 - std::exp(-m_expectedCaptures / (1.2 * missing)), missing);
      t_worthy.fearsLeft = fearsLeft;
      t_worthy.players = m_n;
    }
    m_pWorthy = t_worthy.pWorthy;
    standings();
  }

  double value(int p) const {
    std::array<double, kMaxPlayers> v{};
    expectedValues(v);
    return relative(v, p);
  }

  // value(p) of every player p, from one expectedValues() (the soft vote, the same
  // for every p, computed once: relative(v, p) of each p, bit for bit).
  void values(std::vector<double>& out) const {
    std::array<double, kMaxPlayers> v{};
    expectedValues(v);
    out.resize(static_cast<std::size_t>(m_n));
    double top = v[0];
    for (int q = 1; q < m_n; ++q) top = std::max(top, v[static_cast<std::size_t>(q)]);
    double sum = 0.0;
    for (int q = 0; q < m_n; ++q) sum += std::exp((v[static_cast<std::size_t>(q)] - top) / kTemperature);
    const double vote = kTemperature * std::log(sum);
    for (int p = 0; p < m_n; ++p) out[static_cast<std::size_t>(p)] = v[static_cast<std::size_t>(p)] - top - vote;
  }

 private:
  // The deck's cards are public as a multiset (every drawn card is face up).
  int countFearsLeft() const { return m_s.fearsInDeck(); }

  double pWorthy(int classes, int wild) const {
    const int have = std::popcount(static_cast<unsigned>(classes));
    const int missing = std::max(0, kFearClasses - have - wild);
    return m_pWorthy[static_cast<std::size_t>(missing)];
  }

  double fearTerm(int classes, int wild, int fears) const {
    return -kUnworthy * (1.0 - pWorthy(classes, wild)) + kFearTieBreak * fears;
  }

  double wmsTerm(int wms) const { return wms * (1.0 + kWmsFuture * m_left); }

  double total(const Standing& st) const { return st.base + wmsTerm(st.wms) + fearTerm(st.classes, st.wild, st.fears); }

  double stoneWorth(int q, int c) const {
    const Cell& cell = m_s.cell(c);
    const TileType& t = m_R.tiles[static_cast<std::size_t>(cell.tile)];
    if (m_s.phase2() || t.kind != TileKind::Sacred || t.symbol == m_s.player(q).symbol) return m_s.stoneValue(q, c);
    // Unknown symbol: held by one of the other players or by nobody.
    const int symbols = static_cast<int>(m_R.symbols.size());
    if (symbols <= 1) return m_R.influenceUnclaimed;
    const double others = static_cast<double>(m_n - 1), unclaimed = static_cast<double>(symbols - m_n);
    return (others * m_R.influenceOther + std::max(0.0, unclaimed) * m_R.influenceUnclaimed) / (symbols - 1);
  }

  // Every player's standing. The board terms come from one pass over the cells
  // for all players; each player's terms are added in the same order as ever
  // (relics, then the cells in order, then the rest), so the sums are the same.
  void standings() {
    std::array<double, kMaxPlayers> b{};
    const double late = 0.4 + 0.6 * m_left;
    for (int q = 0; q < m_n; ++q)
      for (const HeldRelic& h : m_s.player(q).relics) {
        const RelicType& r = m_R.relics[h.type];
        if (r.op == RelicOp::Influence) b[static_cast<std::size_t>(q)] += r.amount;
        else b[static_cast<std::size_t>(q)] += relicWorth(r.op) * late + 0.05;
      }
    const bool phase2 = m_s.phase2();
    for (int c = 1; c < m_R.geometry.cells; ++c) {
      const Cell& cell = m_s.cell(c);
      if (cell.tile < 0) continue;
      if (cell.stone >= 0) {
        if (cell.stone < m_n) b[static_cast<std::size_t>(cell.stone)] += stoneWorth(cell.stone, c) + kStonePlaced;
        continue;
      }
      const TileType& t = m_R.tiles[static_cast<std::size_t>(cell.tile)];
      if (phase2 || t.kind != TileKind::Sacred) continue;
      for (int q = 0; q < m_n; ++q)
        if (t.symbol == m_s.player(q).symbol) b[static_cast<std::size_t>(q)] += kOwnChamberBuilt;
    }
    for (int q = 0; q < m_n; ++q) m_st[static_cast<std::size_t>(q)] = standing(q, b[static_cast<std::size_t>(q)]);
  }

  // `b`: q's relic and board terms (standings()).
  Standing standing(int q, double b) const {
    const PlayerState& ps = m_s.player(q);
    Standing st;
    st.wms = ps.wms;
    for (std::uint8_t f : ps.fears) {
      const FearClass c = m_R.actions[f].fearClass;
      if (c == FearClass::Master) ++st.wild;
      else st.classes |= 1 << static_cast<int>(c);
    }
    if (m_R.canopicJarAnyClass) st.wild += ps.jars;
    st.fears = m_s.fearsHeld(q);
    b += ps.stonesHome * homeStone();
    if (!m_s.phase2())
      for (std::uint8_t t : ps.tiles) {
        const TileType& tile = m_R.tiles[t];
        if (tile.kind == TileKind::Sacred && tile.symbol == ps.symbol) b += kOwnTileInHand;
      }
    if (m_s.phase2() && m_s.hasAllClasses(q)) {
      int best = 0;
      for (int o = 0; o < m_n; ++o)
        if (o != q) best = std::max(best, m_s.influence(o));
      const int d = m_s.distanceTo(ps.pos, kEyeCell, false);
      const double near = std::max(0.0, 1.0 - kEyeNear * std::max(0, d - 1) / 2.0);
      if (m_s.influence(q) + m_R.eyeBonus > best) b += kEyeLead * near;
    }
    if (ps.stonesHome > 0) b -= kChamberDistance * m_s.distanceTo(ps.pos, -1, true);
    if (q == m_s.turnPlayer()) b += turnProspect(q);
    st.base = b;
    return st;
  }

  double homeStone() const { return kStoneHome * (0.25 + 0.75 * m_left); }

  // What ending the move on cell c gives q (rules "Spirit Stones", "Reliquary").
  double endValue(int q, int c) const {
    const Cell& cell = m_s.cell(c);
    if (cell.tile < 0) return 0.0;
    const PlayerState& ps = m_s.player(q);
    for (int o = 0; o < m_n; ++o)
      if (o != q && m_s.player(o).pos == c) return 0.0;  // occupied: no event
    const TileType& t = m_R.tiles[static_cast<std::size_t>(cell.tile)];
    if (t.isChamber()) {
      if (cell.stone >= 0 || ps.stonesHome <= 0) return 0.0;
      return std::max(0.0, stoneWorth(q, c) + kStonePlaced - homeStone());
    }
    if (t.kind == TileKind::Reliquary)
      return ps.relics.count() < m_R.relicLimit ? kRelicDraw * (0.4 + 0.6 * m_left) : 0.05;
    return 0.0;
  }

  double turnProspect(int q) const {
    const PlayerState& ps = m_s.player(q);
    switch (m_s.stage()) {
      case Stage::StoneChoice:
      case Stage::ReliquaryChoice:
        return ps.pos > 0 ? endValue(q, ps.pos) : 0.0;
      case Stage::Place:
      case Stage::StepChoice:
      case Stage::Move:
        break;
      default:
        return 0.0;
    }
    const int steps = m_s.stepsAhead();
    if (steps <= 0) return 0.0;
    if (!m_s.choosingSteps()) return bestEnd(q, steps);
    double best = 0.0;
    for (int k = 1; k <= steps; ++k) best = std::max(best, bestEnd(q, k));
    return best;
  }

  // The best end of a move of exactly `steps` steps (before the first step: from a bottom tile).
  double bestEnd(int q, int steps) const {
    const PlayerState& ps = m_s.player(q);
    const Geometry& g = m_R.geometry;
    if (m_s.phase2() && ps.pos >= 0 && m_s.canEnterEye(q) && m_s.distanceTo(ps.pos, kEyeCell, false) <= steps)
      return kEyeReach;
    std::uint64_t cur = 0;
    int walk = steps;
    if (ps.pos >= 0) {
      cur = 1ULL << ps.pos;
    } else {
      for (int f : g.foundation)
        if (m_s.cell(f).tile >= 0) cur |= 1ULL << f;
      --walk;
    }
    for (int k = 0; k < walk && cur; ++k) {
      std::uint64_t next = 0;
      for (int c = 1; c < g.cells; ++c) {
        if (!((cur >> c) & 1ULL)) continue;
        for (int side = 0; side < 3; ++side) {
          const int nb = g.neighbour[static_cast<std::size_t>(c)][static_cast<std::size_t>(side)];
          if (nb > kEyeCell && m_s.cell(nb).tile >= 0 && !m_s.stepBlocked(c, nb)) next |= 1ULL << nb;
        }
      }
      cur = next;
    }
    double best = 0.0;
    for (int c = 1; c < g.cells; ++c)
      if ((cur >> c) & 1ULL) best = std::max(best, endValue(q, c));
    return best;
  }

  // --- the pending battle ---------------------------------------------------

  struct Scenario {
    int set = 0;          // participants
    int fearTo = 0;
    std::array<int, kMaxPlayers> shares{};
    std::array<double, kMaxPlayers> extra{};  // relics handed over in the bargain (IP)
    int promised = 0;     // promised sacrifices not yet rolled
  };

  bool battlePending() const {
    switch (m_s.stage()) {
      case Stage::BattleOffer: case Stage::BattleGifts: case Stage::BattleAnswer: case Stage::BattleJoin:
      case Stage::BattleAdmit: case Stage::BattleDeclare: case Stage::BattleRoll:
        return true;
      default:
        return false;
    }
  }

  double winChance(const Scenario& sc) const {
    const Battle& b = m_s.battle();
    std::array<int, kMaxPlayers> wms{}, bonus{};
    int n = 0, rolls = sc.promised;
    for (int q = 0; q < m_n; ++q) {
      if (!((sc.set >> q) & 1)) continue;
      wms[static_cast<std::size_t>(n)] = m_s.player(q).wms;
      bonus[static_cast<std::size_t>(n++)] = b.bonus[static_cast<std::size_t>(q)];
      rolls += b.sacrifices[static_cast<std::size_t>(q)] + b.weakenRolls[static_cast<std::size_t>(q)];
    }
    return m_s.defeatChance(b.fearLeft, wms.data(), bonus.data(), n, rolls);
  }

  // Expected standings of all players under the scenario.
  void withBattle(const Scenario& sc, std::array<double, kMaxPlayers>& v) const {
    const double win = winChance(sc);
    const ActionCardType& card = m_R.actions[static_cast<std::size_t>(m_s.fearCard())];
    for (int q = 0; q < m_n; ++q) {
      const Standing& st = m_st[static_cast<std::size_t>(q)];
      double now = total(st) + sc.extra[static_cast<std::size_t>(q)];
      if ((sc.set >> q) & 1) {
        Standing w = st, l = st;
        w.wms = std::min(m_R.wmsMax, st.wms + 1);
        l.wms = std::max(m_R.wmsMin, st.wms - 1);
        if (sc.fearTo == q) {
          if (card.fearClass == FearClass::Master) ++w.wild;
          else w.classes |= 1 << static_cast<int>(card.fearClass);
          ++w.fears;
        }
        const double relics = kRelicDraw * sc.shares[static_cast<std::size_t>(q)] * (0.4 + 0.6 * m_left);
        now += win * (total(w) - total(st) + relics) + (1.0 - win) * (total(l) - total(st));
      }
      v[static_cast<std::size_t>(q)] = now;
    }
  }

  double relative(const std::array<double, kMaxPlayers>& v, int p) const {
    double top = v[0];
    for (int q = 1; q < m_n; ++q) top = std::max(top, v[static_cast<std::size_t>(q)]);
    double sum = 0.0;
    for (int q = 0; q < m_n; ++q) sum += std::exp((v[static_cast<std::size_t>(q)] - top) / kTemperature);
    return v[static_cast<std::size_t>(p)] - top - kTemperature * std::log(sum);
  }

  double relicValue(const HeldRelic& h) const {
    return relicWorth(m_R.relics[h.type].op) * (0.4 + 0.6 * m_left) + 0.05;
  }

  void expectedValues(std::array<double, kMaxPlayers>& v) const {
    if (!battlePending()) {
      for (int q = 0; q < m_n; ++q) v[static_cast<std::size_t>(q)] = total(m_st[static_cast<std::size_t>(q)]);
      return;
    }
    const Battle& b = m_s.battle();
    const int drawer = m_s.turnPlayer();
    Scenario sc;
    sc.set = b.participants | 1 << drawer;
    sc.fearTo = b.fearTo;
    for (int q = 0; q < m_n; ++q) {
      sc.shares[static_cast<std::size_t>(q)] = b.shares[static_cast<std::size_t>(q)];
      const int pending = b.promised[static_cast<std::size_t>(q)] - b.sacrifices[static_cast<std::size_t>(q)];
      if ((sc.set >> q) & 1 && pending > 0) sc.promised += pending;
    }
    // Gifts still held apart: back to the drawer unless the invitee joins.
    for (int q = 0; q < m_n; ++q)
      if ((b.gifts >> q) & 1) sc.extra[static_cast<std::size_t>(drawer)] += relicValue(b.gift[static_cast<std::size_t>(q)]);
    if (m_s.stage() == Stage::BattleAdmit && b.joiner >= 0) {
      // Predict the drawer's decision on the request.
      Scenario in = sc, out = sc;
      in.set |= 1 << b.joiner;
      in.promised += b.joinPromise;
      double item = b.joinHasRelic ? relicValue(b.joinRelic) : 0.0;
      if (b.joinHasRelic) {
        in.extra[static_cast<std::size_t>(drawer)] += item;
        out.extra[static_cast<std::size_t>(b.joiner)] += item;
      }
      std::array<double, kMaxPlayers> vin{}, vout{};
      withBattle(in, vin);
      withBattle(out, vout);
      if (b.joinFear >= 0) {
        // The offered Fear is held apart: it goes to the drawer, or back to the joiner.
        addFear(vin, drawer, b.joinFear);
        addFear(vout, b.joiner, b.joinFear);
      }
      v = relative(vin, drawer) > relative(vout, drawer) ? vin : vout;
      return;
    }
    if (m_s.stage() == Stage::BattleAnswer || m_s.stage() == Stage::BattleGifts) {
      // Predict the invitees still to answer, in answer order.
      for (int k = 1; k < m_n; ++k) {
        const int q = (drawer + k) % m_n;
        if (!((b.invited >> q) & 1) || (b.answered >> q) & 1) continue;
        Scenario yes = sc, no = sc;
        yes.set |= 1 << q;
        if ((b.gifts >> q) & 1) {
          const double g = relicValue(b.gift[static_cast<std::size_t>(q)]);
          yes.extra[static_cast<std::size_t>(drawer)] -= g;
          yes.extra[static_cast<std::size_t>(q)] += g;
        }
        if (no.fearTo == q) no.fearTo = drawer;
        no.shares[static_cast<std::size_t>(drawer)] += no.shares[static_cast<std::size_t>(q)];
        no.shares[static_cast<std::size_t>(q)] = 0;
        std::array<double, kMaxPlayers> vy{}, vn{};
        withBattle(yes, vy);
        withBattle(no, vn);
        sc = relative(vy, q) > relative(vn, q) ? yes : no;
      }
    }
    withBattle(sc, v);
  }

  // Adds the standing a captured Fear card brings to player q.
  void addFear(std::array<double, kMaxPlayers>& v, int q, int fear) const {
    const Standing& st = m_st[static_cast<std::size_t>(q)];
    Standing w = st;
    const FearClass c = m_R.actions[static_cast<std::size_t>(fear)].fearClass;
    if (c == FearClass::Master) ++w.wild;
    else w.classes |= 1 << static_cast<int>(c);
    ++w.fears;
    v[static_cast<std::size_t>(q)] += total(w) - total(st);
  }

  const ZoneplexState& m_s;
  const ZoneplexRules& m_R;
  int m_n;
  double m_left = 1.0;             // share of the action deck still to come
  double m_expectedCaptures = 0.0; // Fears a player may still expect to capture
  std::array<double, kFearClasses + 1> m_pWorthy{};  // P(worthy at the end) by classes missing
  std::array<Standing, kMaxPlayers> m_st{};
};

}  // namespace

double ZoneplexState::heuristic(int player) const {
  if (m_stage == Stage::Over) return State::heuristic(player);
  return Evaluator(*this).value(player);
}

void ZoneplexState::heuristics(std::vector<double>& out) const {
  if (m_stage == Stage::Over) {
    State::heuristics(out);
    return;
  }
  Evaluator(*this).values(out);
}

}  // namespace wb::rulesets::zoneplex
