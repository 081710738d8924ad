#include "rulesets/zoneplex/zoneplex_rules.h"

#include <algorithm>
#include <atomic>
#include <cmath>

namespace wb::rulesets::zoneplex {

namespace {

constexpr const char* kRelicOpNames[kRelicOpCount] = {
    "influence", "canopic_jar", "move_other", "steal_relic", "dislocate_stone",
    "gain_wms", "drain_wms", "extra_steps", "warp", "weaken_fear", "attack_bonus"};

// The argument holding each op's amount ("" = none).
const char* amountKey(RelicOp op) {
  switch (op) {
    case RelicOp::Influence: case RelicOp::AttackBonus: case RelicOp::ExtraSteps:
    case RelicOp::GainWms: case RelicOp::DrainWms:
      return "amount";
    case RelicOp::MoveOther: return "steps";
    case RelicOp::WeakenFear: return "rolls";
    default: return "";
  }
}

int findIndex(const std::vector<std::string>& ids, std::string_view id) {
  for (std::size_t i = 0; i < ids.size(); ++i)
    if (ids[i] == id) return static_cast<int>(i);
  return -1;
}

long long intProperty(const model::Entity& e, const char* key, long long fallback) {
  const model::Field* f = e.property(key);
  if (!f) return fallback;
  return f->asInt().value_or(fallback);
}

}  // namespace

const char* relicOpName(RelicOp op) { return kRelicOpNames[static_cast<int>(op)]; }
bool isPassiveRelic(RelicOp op) { return op == RelicOp::Influence || op == RelicOp::CanopicJar; }
bool isBattleRelic(RelicOp op) { return op == RelicOp::WeakenFear || op == RelicOp::AttackBonus; }
bool isMoveRelic(RelicOp op) { return op == RelicOp::ExtraSteps || op == RelicOp::Warp; }

// Rule "Zone Tile Placement" + README geometry: 7 rows of triangles, neighbours share a side.
Geometry Geometry::make(int rows) {
  Geometry g;
  g.rows = std::clamp(rows, 2, kMaxRows);
  g.cells = g.rows * g.rows;
  for (auto& n : g.neighbour) n = {-1, -1, -1};
  for (int r = 0; r < g.rows; ++r) {
    for (int k = 0; k <= 2 * r; ++k) {
      const int c = g.cell(r, k);
      g.rowOf[c] = static_cast<std::int8_t>(r);
      g.posOf[c] = static_cast<std::int8_t>(k);
      if (k > 0) g.neighbour[c][0] = static_cast<std::int8_t>(g.cell(r, k - 1));
      if (k < 2 * r) g.neighbour[c][1] = static_cast<std::int8_t>(g.cell(r, k + 1));
      if (k % 2 == 0) {
        if (r + 1 < g.rows) g.neighbour[c][2] = static_cast<std::int8_t>(g.cell(r + 1, k + 1));
      } else {
        g.neighbour[c][2] = static_cast<std::int8_t>(g.cell(r - 1, k - 1));
      }
    }
  }
  for (int k = 0; k <= 2 * (g.rows - 1); k += 2) g.foundation.push_back(g.cell(g.rows - 1, k));
  return g;
}

int Geometry::sideTowards(int a, int b) const {
  for (int s = 0; s < 3; ++s)
    if (neighbour[a][s] == b) return s;
  return -1;
}

int ZoneplexRules::tileIndex(std::string_view id) const {
  for (std::size_t i = 0; i < tiles.size(); ++i)
    if (tiles[i].id == id) return static_cast<int>(i);
  return -1;
}
int ZoneplexRules::actionIndex(std::string_view id) const {
  for (std::size_t i = 0; i < actions.size(); ++i)
    if (actions[i].id == id) return static_cast<int>(i);
  return -1;
}
int ZoneplexRules::relicIndex(std::string_view id) const {
  for (std::size_t i = 0; i < relics.size(); ++i)
    if (relics[i].id == id) return static_cast<int>(i);
  return -1;
}
int ZoneplexRules::symbolIndex(std::string_view id) const { return findIndex(symbols, id); }

std::shared_ptr<const ZoneplexRules> compileRules(const model::Ruleset& ruleset, model::Diagnostics& out) {
  auto rules = std::make_shared<ZoneplexRules>();
  static std::atomic<std::uint64_t> nextUid{1};
  rules->uid = nextUid.fetch_add(1, std::memory_order_relaxed);
  const std::size_t errorsBefore = out.items().size();
  auto fail = [&](const model::SourceLocation& where, std::string message) { out.error(where, std::move(message)); };
  auto intParam = [&](const char* id, int fallback) {
    return static_cast<int>(std::lround(ruleset.number(id, fallback)));
  };

  rules->spiritStones = std::clamp(intParam("spirit_stones", 4), 0, 10);
  rules->wmsStart = intParam("wms_start", 1);
  rules->wmsMin = intParam("wms_min", 1);
  rules->wmsMax = std::max(rules->wmsMin, intParam("wms_max", 4));
  rules->wmsStart = std::clamp(rules->wmsStart, rules->wmsMin, rules->wmsMax);
  rules->tileHand = std::clamp(intParam("tile_hand", 3), 0, 10);
  rules->relicLimit = std::clamp(intParam("relic_limit", 4), 1, 10);
  rules->stepCardsOnTop = std::clamp(intParam("step_cards_on_top", 2), 0, 5);
  rules->influenceNeutral = intParam("influence_neutral", 1);
  rules->influenceOwn = intParam("influence_own_symbol", 2);
  rules->influenceUnclaimed = intParam("influence_unclaimed_symbol", 1);
  rules->influenceOther = intParam("influence_other_symbol", 2);
  rules->eyeBonus = intParam("eye_bonus", 2);
  rules->canopicJarStrength = intParam("canopic_jar_strength", 0);
  if (const model::Parameter* jar = ruleset.parameter("canopic_jar_class"))
    rules->canopicJarAnyClass = model::toString(jar->value) != "none";
  rules->maxTurns = std::max(1, intParam("max_turns", 120));
  rules->geometry = Geometry::make(intParam("pyramid_rows", 7));
  rules->foundationTiles = std::clamp(intParam("foundation_tiles", 7), 0, static_cast<int>(rules->geometry.foundation.size()));

  // The pyramid die (rule "Battle": the Eye face counts 0 and is a critical miss on attack).
  const model::Die* die = ruleset.die("pyramid");
  if (!die && !ruleset.dice.empty()) die = &ruleset.dice.front();
  if (!die) {
    fail(ruleset.origin.at("dice"), "zoneplex needs the pyramid die (dice: - id: pyramid)");
  } else {
    double total = 0;
    for (const model::DieFace& f : die->faces) {
      if (rules->dieValues.size() >= static_cast<std::size_t>(kMaxDieFaces)) break;
      const double w = f.weight > 0 ? f.weight : 0;
      total += w;
      rules->dieValues.push_back(static_cast<int>(std::lround(f.value)));
      rules->dieEye.push_back(f.symbol == "eye" || f.symbol == "Eye");
      rules->dieCumulative.push_back(total);
      rules->dieProb.push_back(w);
    }
    if (rules->dieValues.empty() || total <= 0) {
      fail(die->origin.loc, "die '" + die->id + "' has no face with a positive weight");
      rules->dieValues = {1};
      rules->dieEye = {false};
      rules->dieCumulative = {1};
      rules->dieProb = {1};
      total = 1;
    }
    for (double& p : rules->dieProb) p /= total;
  }

  // Sacred symbols first (tiles refer to them).
  for (const model::Entity& e : ruleset.cards())
    if (e.kind == "sacred_symbol") rules->symbols.push_back(e.id);
  if (rules->symbols.size() > static_cast<std::size_t>(kMaxSymbols))
    fail(ruleset.origin.at("cards"), "zoneplex supports at most 8 sacred symbols");

  // Tiles (rule "Zoneplexology").
  std::vector<std::string> colours;
  long long copies = 0;  // a sum of counts: never wraps
  for (const model::Entity& e : ruleset.entities(model::Section::Tiles)) {
    if (rules->tiles.size() >= static_cast<std::size_t>(kMaxTileTypes)) {
      fail(e.origin.loc, "zoneplex supports at most 40 tile types");
      break;
    }
    TileType t;
    t.id = e.id;
    t.name = e.name;
    t.count = std::max(0, e.count);
    if (e.kind == "neutral_chamber") t.kind = TileKind::Neutral;
    else if (e.kind == "sacred_chamber") t.kind = TileKind::Sacred;
    else if (e.kind == "teleporter") t.kind = TileKind::Teleporter;
    else if (e.kind == "master_teleporter") t.kind = TileKind::MasterTeleporter;
    else if (e.kind == "reliquary") t.kind = TileKind::Reliquary;
    else if (e.kind == "wall") t.kind = TileKind::Wall;
    else if (e.kind == "eye") t.kind = TileKind::Eye;
    else fail(e.origin.at("kind"), "tile '" + e.id + "': unknown kind '" + e.kind + "'");
    if (t.kind == TileKind::Sacred) {
      const model::Field* s = e.property("symbol");
      t.symbol = s ? findIndex(rules->symbols, s->text) : -1;
      if (t.symbol < 0) fail(e.origin.at("properties"), "tile '" + e.id + "': symbol must name a sacred_symbol card");
    }
    if (t.kind == TileKind::Teleporter) {
      const model::Field* c = e.property("colour");
      const std::string colour = c ? c->text : std::string("none");
      t.colour = findIndex(colours, colour);
      if (t.colour < 0) {
        colours.push_back(colour);
        t.colour = static_cast<int>(colours.size()) - 1;
      }
    }
    if (t.kind != TileKind::Eye) copies += t.count;
    rules->tiles.push_back(std::move(t));
  }
  rules->teleporterColours = static_cast<int>(colours.size());
  if (copies > kMaxTileCopies) fail(ruleset.origin.at("tiles"), "zoneplex supports at most 64 zone tiles");
  if (copies < rules->foundationTiles)
    fail(ruleset.origin.at("tiles"), "zoneplex needs at least as many zone tiles as foundation tiles");

  // Action cards and relics (rules "Action Cards", "A Word on Fears", "Relic Cards").
  long long actionCopies = 0, relicCopies = 0;
  for (const model::Entity& e : ruleset.cards()) {
    if (e.kind == "step" || e.kind == "dislocate" || e.kind == "fear") {
      ActionCardType a;
      a.id = e.id;
      a.name = e.name;
      a.count = std::max(0, e.count);
      actionCopies += a.count;
      a.kind = e.kind == "step" ? CardKind::Step : e.kind == "dislocate" ? CardKind::Dislocate : CardKind::Fear;
      // A value outside what the engine plays is an error at its line, never
      // silently clamped (Fear strength -5 was played as 0).
      auto bounded = [&](const char* key, long long fallback, long long lo, long long hi) {
        const long long v = intProperty(e, key, fallback);
        if (v < lo || v > hi)
          fail(e.origin.at(std::string("properties.") + key), "card '" + e.id + "': " + key + " must be between " +
                                                                  std::to_string(lo) + " and " + std::to_string(hi) +
                                                                  ", got " + std::to_string(v));
        return static_cast<int>(std::clamp(v, lo, hi));
      };
      a.steps = bounded("steps", 1, 0, 10);
      a.tiles = bounded("tiles", a.steps, 0, 10);
      if (a.kind == CardKind::Fear) {
        const model::Field* c = e.property("class");
        const std::string cls = c ? c->text : std::string();
        if (cls == "blue") a.fearClass = FearClass::Blue;
        else if (cls == "green") a.fearClass = FearClass::Green;
        else if (cls == "magenta" || cls == "purple") a.fearClass = FearClass::Magenta;
        else if (cls == "master") a.fearClass = FearClass::Master;
        else fail(e.origin.at("properties"), "fear '" + e.id + "': class must be blue, green, magenta or master");
        a.strength = bounded("strength", 5, 0, 100);
        a.relics = bounded("relics", 1, 0, 10);
      }
      rules->actions.push_back(std::move(a));
    } else if (e.kind == "relic") {
      RelicType r;
      r.id = e.id;
      r.name = e.name;
      r.count = std::max(0, e.count);
      relicCopies += r.count;
      if (e.effects.size() != 1) {
        fail(e.origin.loc, "relic '" + e.id + "' needs exactly one effect");
      } else {
        const model::Effect& fx = e.effects.front();
        const int op = findIndex(std::vector<std::string>(std::begin(kRelicOpNames), std::end(kRelicOpNames)), fx.op);
        if (op < 0) {
          fail(fx.origin.at("op"), "relic '" + e.id + "': unknown op '" + fx.op + "' for engine zoneplex");
        } else {
          r.op = static_cast<RelicOp>(op);
          const char* key = amountKey(r.op);
          if (*key) {
            const model::Field* f = fx.arg(key);
            // influence_relic is read only by a relic that states no amount, so `validate`
            // can tell a parameter every relic overrides (it changes nothing).
            const auto v = f ? f->asInt()
                             : std::optional<long long>(r.op == RelicOp::Influence ? intParam("influence_relic", 1) : 1);
            if (!v) fail(fx.origin.at(key), "relic '" + e.id + "': " + key + " must be a whole number");
            r.amount = static_cast<int>(std::clamp(v.value_or(1), -10LL, 10LL));
          }
        }
      }
      rules->relics.push_back(std::move(r));
    } else if (e.kind != "sacred_symbol") {
      fail(e.origin.at("kind"), "card '" + e.id + "': unknown kind '" + e.kind + "'");
    }
  }
  if (actionCopies > kMaxActionCards) fail(ruleset.origin.at("cards"), "zoneplex supports at most 120 action cards");
  if (relicCopies > kMaxRelicCards) fail(ruleset.origin.at("cards"), "zoneplex supports at most 64 relic cards");
  if (rules->relics.size() > 64u) fail(ruleset.origin.at("cards"), "zoneplex supports at most 64 relic types");
  if (actionCopies == 0) fail(ruleset.origin.at("cards"), "zoneplex needs action cards (kind step, dislocate or fear)");
  if (rules->symbols.size() < static_cast<std::size_t>(std::min(ruleset.players.max, kMaxPlayers)))
    fail(ruleset.origin.at("cards"), "zoneplex needs a sacred_symbol card for every player");
  if (ruleset.players.max > kMaxPlayers || ruleset.players.min < 2)
    fail(ruleset.origin.at("players"), "zoneplex plays 2 to 5 players");

  // Entity ids: tiles, action cards, relics, symbols, then the metrics.
  for (TileType& t : rules->tiles) { t.entity = static_cast<int>(rules->ids.size()); rules->ids.push_back(t.id); }
  for (ActionCardType& a : rules->actions) { a.entity = static_cast<int>(rules->ids.size()); rules->ids.push_back(a.id); }
  for (RelicType& r : rules->relics) { r.entity = static_cast<int>(rules->ids.size()); rules->ids.push_back(r.id); }
  for (const std::string& s : rules->symbols) {
    rules->symbolEntity.push_back(static_cast<int>(rules->ids.size()));
    rules->ids.push_back(s);
  }
  auto metric = [&](const std::string& id) { rules->ids.push_back(id); return static_cast<int>(rules->ids.size()) - 1; };
  rules->metricEye = metric("end:eye");
  rules->metricCataclysm = metric("end:cataclysm");
  rules->metricZoneplexWins = metric("end:zoneplex_wins");
  rules->metricSolo = metric("battle:solo");
  rules->metricGroup = metric("battle:group");
  rules->metricSoloByStrength.assign(101, -1);
  rules->metricGroupByStrength.assign(101, -1);
  for (int strength = 0; strength <= 100; ++strength) {
    bool used = false;
    for (const ActionCardType& a : rules->actions) used |= a.kind == CardKind::Fear && a.strength == strength;
    if (!used) continue;
    const std::string suffix = ":strength_" + std::to_string(strength);
    rules->metricSoloByStrength[static_cast<std::size_t>(strength)] = metric(("battle:solo" + suffix).c_str());
    rules->metricGroupByStrength[static_cast<std::size_t>(strength)] = metric(("battle:group" + suffix).c_str());
  }

  // Event counters (Game::counterIds()).
  auto counter = [&](const std::string& id) {
    rules->counterIds.push_back(id);
    return static_cast<int>(rules->counterIds.size()) - 1;
  };
  CounterIndex& k = rules->counter;
  k.battleSolo = counter("battle_solo");
  k.battleGroup = counter("battle_group");
  k.battleSoloWon = counter("battle_solo_won");
  k.battleGroupWon = counter("battle_group_won");
  k.invitationOffered = counter("invitation_offered");
  k.invitationAccepted = counter("invitation_accepted");
  k.invitationDeclined = counter("invitation_declined");
  k.fearGiven = counter("fear_given");
  k.relicShareGiven = counter("relic_share_given");
  k.giftOffered = counter("gift_offered");
  k.joinAsked = counter("join_asked");
  k.joinAdmitted = counter("join_admitted");
  k.joinRefused = counter("join_refused");
  k.sacrificePromised = counter("sacrifice_promised");
  k.relicShareUndrawn = counter("relic_share_undrawn");
  k.reliquarySkipped = counter("reliquary_skipped");
  for (const RelicType& r : rules->relics) k.relicUsed.push_back(counter("relic_used_" + r.id));
  for (const RelicType& r : rules->relics) k.relicHeld.push_back(counter("relic_held_" + r.id));
  for (int w = 0; w <= rules->wmsMax; ++w) k.wmsEnd.push_back(w >= rules->wmsMin ? counter("wms_end_" + std::to_string(w)) : -1);

  for (std::size_t i = errorsBefore; i < out.items().size(); ++i)
    if (out.items()[i].severity == model::Severity::Error) return nullptr;
  return rules;
}

}  // namespace wb::rulesets::zoneplex
