#include "app/cli/run_table.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "app/report/text_format.h"
#include "simulation/results/entity_use_summary.h"
#include "simulation/stats/statistics.h"

namespace wb::app {
namespace {

std::string seatsText(std::uint32_t mask) {
  std::string out;
  for (int s = 0; s < 32; ++s)
    if (mask & (1u << s)) out += (out.empty() ? "" : ",") + std::to_string(s + 1);  // Seat N, as every display numbers seats
  return out;
}

std::string share(std::uint64_t count, std::uint64_t total) {
  return percentText(total ? static_cast<double>(count) / static_cast<double>(total) : 0.0) + "%";
}

// Which optional outcome columns this run needs (a column of zeros is left out).
struct Columns {
  bool nobody = false, adjudicated = false, timeouts = false;
  explicit Columns(const sim::RunStats& s)
      : nobody(s.nobodyWinsGames() > 0), adjudicated(s.adjudicatedGames() > 0), timeouts(s.timeouts() > 0) {}
};

class TallyTable {
 public:
  TallyTable(std::ostream& out, const Columns& cols, std::size_t width, bool withSeats)
      : m_out(out), m_cols(cols), m_width(width), m_withSeats(withSeats) {}

  void header(const std::string& what) {
    m_out << "\n" << std::left << std::setw(static_cast<int>(m_width)) << what << std::right;
    if (m_withSeats) m_out << std::setw(8) << "seats";
    m_out << std::setw(8) << "games" << std::setw(8) << "wins" << std::setw(7) << "draws" << std::setw(8) << "losses";
    if (m_cols.nobody) m_out << std::setw(8) << "nobody";
    if (m_cols.adjudicated) m_out << std::setw(9) << "adj.won" << std::setw(10) << "adj.drawn" << std::setw(9) << "adj.lost";
    if (m_cols.timeouts) m_out << std::setw(9) << "timeout";
    m_out << std::setw(10) << "win rate" << "  95% CI\n";
  }

  void row(const std::string& label, const sim::OutcomeTally& t, const std::string& seats = "") {
    std::ostringstream r;
    r << std::left << std::setw(static_cast<int>(m_width)) << label << std::right;
    if (m_withSeats) r << std::setw(8) << seats;
    r << std::setw(8) << t.games << std::setw(8) << t.wins << std::setw(7) << t.draws << std::setw(8) << t.losses;
    if (m_cols.nobody) r << std::setw(8) << t.nobody;
    if (m_cols.adjudicated)
      r << std::setw(9) << t.adjudicatedWins << std::setw(10) << t.adjudicatedDraws << std::setw(9) << t.adjudicatedLosses;
    if (m_cols.timeouts) r << std::setw(9) << t.timeouts;
    r << std::setw(9) << percentText(t.winRate()) << "%  " << intervalText(sim::wilsonInterval(t.wins, t.games)) << "\n";
    m_out << r.str();
  }

 private:
  std::ostream& m_out;
  Columns m_cols;
  std::size_t m_width;
  bool m_withSeats;
};

void printOutcomes(std::ostream& out, const sim::RunResult& r) {
  const sim::RunStats& s = r.stats;
  const std::uint64_t n = s.games();
  out << "outcomes: " << s.sideWinGames() << " won by one " << (s.hasTeams() ? "team" : "player") << " ("
      << share(s.sideWinGames(), n) << "), " << s.drawnGames() << " drawn between " << (s.hasTeams() ? "teams" : "players")
      << " (" << share(s.drawnGames(), n) << "), " << s.nobodyWinsGames() << " won by nobody ("
      << share(s.nobodyWinsGames(), n) << "), " << s.adjudicatedGames() << " adjudicated by the engine at its own cap ("
      << share(s.adjudicatedGames(), n) << "), " << s.timeouts() << " timeouts at the " << r.config.maxTurns
      << "-turn cap or a bound of " << r.config.maxActionsPerTurn << " actions a turn, " << r.config.maxActions
      << " a game (" << share(s.timeouts(), n) << ")\n";
  if (!s.timeoutRecords().empty()) {
    out << "  capped games (replay with --replay INDEX):";
    const std::size_t shown = std::min<std::size_t>(s.timeoutRecords().size(), 10);
    for (std::size_t i = 0; i < shown; ++i) out << " " << s.timeoutRecords()[i].index;
    if (s.timeouts() > shown) out << " ...";
    out << "\n";
  }
}

void printFirstSide(std::ostream& out, const sim::RunResult& r) {
  const sim::RunStats& s = r.stats;
  const sim::FirstSideTest t = s.firstSideTest();
  if (t.sides < 2) return;
  const std::string who = t.teams ? "first side (the team of Seat 1, seats " +
                                        seatsText(s.sideSeats().empty() ? 1u : s.sideSeats().front()) + ")"
                                  : "first player (Seat 1)";
  out << "\n" << who << ": ";
  if (t.decided == 0) {
    out << "no game was won by one " << (t.teams ? "team" : "player") << ", nothing to test\n";
  } else {
    out << "won " << percentText(t.rate()) << "% " << intervalText(t.ci) << " of the " << t.decided << " games one "
        << (t.teams ? "team" : "player") << " won, fair " << percentText(t.fair) << "% (1/" << t.sides << "), "
        << pValueText(t.pValue) << (t.pValue < 0.05 ? " (significant)" : " (not significant)") << "\n";
  }
  out << "  " << t.withoutWinner << " games without a winner are left out of this test (draws " << s.drawnGames()
      << ", won by nobody " << s.nobodyWinsGames() << ", adjudicated " << s.adjudicatedGames() << ", timeouts "
      << s.timeouts() << ")\n";
}

// Turns started per seat (engines count them). In a game that ends during a round the
// seats up to the one whose turn was last start one turn more; where that last turn falls
// follows from the seats' mean counts (mean(s) - mean(s+1) is the share of games whose
// last turn is seat s's). When it falls to one seat far more often than to a fair 1/n of
// games (a fixed game length that is not a whole number of rounds, as 72 action cards for 5
// players), some seats get more turns by the rules: the note says which.
void printSeatTurns(std::ostream& out, const sim::RunResult& r) {
  const auto& len = r.stats.length();
  if (len.seatTurnGames == 0 || len.seatTurns.size() < 2) return;
  const int seats = static_cast<int>(len.seatTurns.size());
  out << "turns per seat: mean";
  for (int s = 0; s < seats; ++s) out << (s ? ", " : " ") << numberText(len.meanSeatTurns(s), 2);
  out << " over the " << len.seatTurnGames << " games that ended; unequal in "
      << share(len.unequalTurnGames, len.seatTurnGames) << " of them\n";
  int last = seats - 1;
  double lastShare = 1.0 - (len.meanSeatTurns(0) - len.meanSeatTurns(seats - 1));
  for (int s = 0; s + 1 < seats; ++s) {
    const double p = len.meanSeatTurns(s) - len.meanSeatTurns(s + 1);
    if (p > lastShare) {
      lastShare = p;
      last = s;
    }
  }
  const double fair = 1.0 / seats;
  if (len.seatTurnGames < 30 || lastShare < fair + 0.15 || last == seats - 1) return;
  std::string more;
  // Seats as a person reads them: Seat 1..N.
  for (int s = 0; s <= last; ++s) more += (s ? ", " : "") + std::to_string(s + 1);
  out << "  note: seats get unequal numbers of turns: the last turn is Seat " << last + 1 << "'s in about "
      << percentText(std::min(1.0, lastShare)) << "% of games (fair " << percentText(fair) << "%), so Seat"
      << (last > 0 ? "s " : " ") << more << " start one turn more than the others; part of "
      << (last > 0 ? "their" : "its") << " win rate may be that turn\n";
}

void printLength(std::ostream& out, const sim::RunResult& r) {
  const auto& len = r.stats.length();
  long long lo = -1, hi = -1;
  for (std::size_t t = 0; t < len.histogram.size(); ++t)
    if (len.histogram[t]) {
      if (lo < 0) lo = static_cast<long long>(t);
      hi = static_cast<long long>(t);
    }
  out << "length: mean " << numberText(len.mean(), 1) << " turns over all " << len.games << " games (sd "
      << numberText(len.sd(), 1) << ", min " << std::max(0LL, lo) << ", max " << std::max(0LL, hi) << ")";
  if (len.censored > 0) {
    out << "; " << len.censored << " censored at the " << r.config.maxTurns
        << "-turn cap (counted at the cap: the true mean is longer); " << numberText(len.meanUncensored(), 1)
        << " over the " << len.games - len.censored << " that ended";
  }
  out << "\n";
  printSeatTurns(out, r);
}

void printCounters(std::ostream& out, const sim::RunResult& r) {
  const sim::RunStats& s = r.stats;
  const sim::CounterTally& c = s.counters();
  if (c.counters == 0 || s.games() == 0) return;
  std::size_t width = 10;
  for (const auto& id : r.counters) width = std::max(width, id.size() + 2);
  out << "\nengine counters (agents " << agentsText(r.config.agents) << ")\n" << std::left
      << std::setw(static_cast<int>(width)) << "counter" << std::right << std::setw(10) << "total" << std::setw(10)
      << "per game" << std::setw(12) << "% of games";
  for (int p = 0; p < s.players(); ++p) out << std::setw(9) << ("Seat " + std::to_string(p + 1));
  out << std::setw(12) << "first game" << "\n";
  const double games = static_cast<double>(s.games());
  for (int k = 0; k < c.counters; ++k) {
    const auto K = static_cast<std::size_t>(k);
    std::ostringstream row;
    row << std::left << std::setw(static_cast<int>(width)) << (K < r.counters.size() ? r.counters[K] : std::to_string(k))
        << std::right << std::setw(10) << c.total[K] << std::setw(10) << numberText(static_cast<double>(c.total[K]) / games, 2)
        << std::setw(11) << percentText(static_cast<double>(c.gamesWith[K]) / games) << "%";
    for (int p = 0; p < s.players(); ++p) row << std::setw(9) << c.at(c.bySeat, p, k);
    const bool seen = K < c.firstGame.size() && c.firstGame[K] != sim::CounterTally::kNever;
    row << std::setw(12) << (seen ? std::to_string(c.firstGame[K]) : std::string("-"));
    out << row.str() << "\n";
  }
  out << "(first game: the lowest game index in which it happened; see it with --replay INDEX)\n";
  if (s.agents().size() > 1 || !s.factions().empty()) out << "(per agent and per faction in --json)\n";
}

void printEntities(std::ostream& out, const sim::RunResult& r) {
  const sim::RunStats& s = r.stats;
  // Entities whose use goes with the largest win-rate difference (both groups large enough to say).
  std::vector<std::size_t> order;
  for (std::size_t e = 0; e < s.entities().size(); ++e) {
    const auto& t = s.entities()[e];
    if (t.usedPlayers >= 30 && t.unusedPlayers >= 30) order.push_back(e);
  }
  auto delta = [&](std::size_t e) {
    const auto& t = s.entities()[e];
    return static_cast<double>(t.usedWins) / static_cast<double>(t.usedPlayers) -
           static_cast<double>(t.unusedWins) / static_cast<double>(t.unusedPlayers);
  };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::fabs(delta(a)) > std::fabs(delta(b));
  });
  if (order.empty()) return;
  std::size_t idWidth = 10;
  for (std::size_t e : order) idWidth = std::max(idWidth, r.entities[e].size() + 2);
  const double games = static_cast<double>(std::max<std::uint64_t>(1, s.games()));
  out << "\nentities: ASSOCIATION, not cause (players who are winning buy and play more; `balance impact` measures\n"
      << "the cause); agents " << agentsText(r.config.agents) << "\n"
      << std::left << std::setw(static_cast<int>(idWidth)) << "entity" << std::right << std::setw(9) << "acq/game"
      << std::setw(10) << "play/game" << std::setw(10) << "trig/game" << std::setw(11) << "used win%" << std::setw(13)
      << "unused win%" << std::setw(8) << "assoc." << "\n";
  const std::size_t shown = std::min<std::size_t>(order.size(), 10);
  for (std::size_t k = 0; k < shown; ++k) {
    const std::size_t e = order[k];
    const auto& t = s.entities()[e];
    std::ostringstream row;
    row << std::fixed << std::setprecision(2) << std::left << std::setw(static_cast<int>(idWidth)) << r.entities[e]
        << std::right << std::setw(9) << static_cast<double>(t.acquired) / games << std::setw(10)
        << static_cast<double>(t.played) / games << std::setw(10) << static_cast<double>(t.triggered) / games
        << std::setw(10) << percentText(static_cast<double>(t.usedWins) / static_cast<double>(t.usedPlayers)) << "%"
        << std::setw(12) << percentText(static_cast<double>(t.unusedWins) / static_cast<double>(t.unusedPlayers)) << "%"
        << std::setw(8) << ((delta(e) >= 0 ? "+" : "") + percentText(delta(e))) << "\n";
    out << row.str();
  }
  if (order.size() > shown) out << "(" << order.size() - shown << " more in --json)\n";
}

// Diversity of use per kind, and the entities the run never uses.
void printDiversity(std::ostream& out, const sim::RunResult& r) {
  const sim::EntityUseSummary use = sim::summarizeEntityUse(r);
  if (use.diversity.empty()) return;
  out << "\ndiversity (effective number of entities in use, exp of the entropy of their use shares; 95% CI):\n";
  for (const auto& d : use.diversity) {
    std::size_t unused = 0;
    for (const auto& e : use.entities) unused += e.kind == d.kind && e.main < 0 ? 1 : 0;
    std::ostringstream row;
    row << std::fixed << std::setprecision(1) << "  " << std::left << std::setw(12) << d.kind << std::right
        << d.value.value;
    if (std::isfinite(d.value.ci.lo) && std::isfinite(d.value.ci.hi))
      row << " [" << d.value.ci.lo << ", " << d.value.ci.hi << "]";
    row << " of " << d.entities << " (" << sim::useName(d.use) << ")";
    if (unused > 0) row << "; " << unused << " never used";
    out << row.str() << "\n";
  }
  out << "(every entity's use per game with its interval in --json)\n";
}

}  // namespace

void printRunTable(std::ostream& out, const sim::RunResult& r) {
  const sim::RunStats& s = r.stats;
  out << r.ruleset << " (engine " << r.engine << "): " << s.games() << " games, " << r.config.players << " players, seed "
      << r.config.seed << (r.cancelled ? "  [CANCELLED: partial results]" : "") << "\n";
  out << "agents: " << agentsText(r.config.agents) << "\n";
  if (!s.factions().empty() && !r.schedule.empty()) {
    out << "factions: " << r.schedule;
    if (r.scheduleCycleGames > 0 && s.games() % r.scheduleCycleGames != 0)
      out << " (" << s.games() << " games = " << s.games() / r.scheduleCycleGames << " full cycle"
          << (s.games() / r.scheduleCycleGames == 1 ? "" : "s") << " + "
          << s.games() % r.scheduleCycleGames << ": exactly balanced only at whole cycles)";
    out << "\n";
  }
  printOutcomes(out, r);

  const Columns cols(s);
  std::size_t width = 8;
  for (const auto& a : r.agents) width = std::max(width, a.size() + 2);
  for (const auto& f : r.factions) width = std::max(width, f.size() + 2);
  if (s.hasTeams()) {
    TallyTable teams(out, cols, width, true);
    teams.header("team");
    for (std::size_t i = 0; i < s.sides().size(); ++i)
      teams.row("Team " + std::to_string(i + 1), s.sides()[i], seatsText(i < s.sideSeats().size() ? s.sideSeats()[i] : 0u));
    out << "(each team row counts games: team wins + draws";
    if (cols.nobody) out << " + nobody";
    if (cols.adjudicated) out << " + adjudicated";
    if (cols.timeouts) out << " + timeouts";
    out << " = 100% of the games; a team win is a win for every seat, agent and faction in it)\n";
  }
  TallyTable table(out, cols, width, false);
  table.header("seat");
  for (std::size_t i = 0; i < s.seats().size(); ++i) table.row("Seat " + std::to_string(i + 1), s.seats()[i]);
  table.header("agent");
  for (std::size_t i = 0; i < s.agents().size(); ++i) table.row(r.agents[i], s.agents()[i]);
  if (!s.factions().empty()) {
    table.header("faction");
    for (std::size_t i = 0; i < s.factions().size(); ++i) table.row(r.factions[i], s.factions()[i]);
  }
  out << "(win rate = wins by the rules over all games; adjudicated games and timeouts are not wins)\n";

  printFirstSide(out, r);
  printLength(out, r);
  printCounters(out, r);
  printEntities(out, r);
  printDiversity(out, r);
  if (r.config.untilCi > 0.0) {
    out << "\nuntil-ci " << r.config.untilCi << ": " << (r.targetReached ? "reached" : "NOT reached")
        << ", widest half-width " << percentText(r.maxHeadlineHalfWidth(), 2) << " points\n";
  }
  // Slow agents play well under a game a second (card-dice planner: 0.34): decimals then.
  const double perSecond = r.gamesPerSecond();
  out << "\nelapsed " << numberText(r.elapsedSeconds, 2) << " s, " << numberText(perSecond, perSecond < 10 ? 2 : 0)
      << " games/s ("
      << r.config.threads << " threads)\n";
}

}  // namespace wb::app
