#include "rulesets/described/described_lua.h"

#include <lua.hpp>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <set>
#include <unordered_map>

#include "model/validation/name_suggestion.h"
#include "rulesets/described/described_state.h"

namespace wb::rulesets::described {

namespace md = model::describe;

namespace {

// What the functions a script calls act on, for the duration of one call.
struct CallContext {
  DescribedState* state = nullptr;
  sim::Rng* rng = nullptr;
  int subject = 0;
  long long steps = 0;
  // A condition runs read-only: changing a counter, the board or a global,
  // or drawing chance, is an error (a condition is asked while the legal
  // actions are listed, by agents on their copies, any number of times).
  bool readOnly = false;
};

struct Host {
  lua_State* L = nullptr;
  std::size_t memory = 0;
  CallContext ctx;
  const md::DescribedProgram* program = nullptr;
  std::string loadError;
  ~Host() {
    if (L) lua_close(L);
  }
};

void* allocate(void* ud, void* ptr, std::size_t old, std::size_t size) {
  auto* host = static_cast<Host*>(ud);
  if (ptr == nullptr) old = 0;
  if (size == 0) {
    std::free(ptr);
    host->memory -= old;
    return nullptr;
  }
  if (host->memory - old + size > kLuaMemoryBytes) return nullptr;  // Lua reports "not enough memory"
  void* p = std::realloc(ptr, size);
  if (p) host->memory = host->memory - old + size;
  return p;
}

Host* hostOf(lua_State* L) {
  void* ud = nullptr;
  lua_getallocf(L, &ud);
  return static_cast<Host*>(ud);
}

constexpr int kHookEvery = 1000;
constexpr const char* kChunkName = "lua";

void stepHook(lua_State* L, lua_Debug* ar) {
  Host* host = hostOf(L);
  host->ctx.steps += kHookEvery;
  if (host->ctx.steps <= kLuaStepBudget) return;
  // At the line running when the budget ran out (luaL_where does not see it from a count hook).
  lua_getinfo(L, "Sl", ar);
  lua_pushfstring(L, "%s:%d: the script ran more than %d instructions (a loop without end?)", ar->short_src,
                  ar->currentline, static_cast<int>(kLuaStepBudget));
  lua_error(L);
}

DescribedState& stateOf(lua_State* L) {
  Host* host = hostOf(L);
  if (!host->ctx.state) luaL_error(L, "the game can be read only while a 'call' effect or condition runs");
  return *host->ctx.state;
}

// The state, for a function that changes it (`what`): an error in a condition.
DescribedState& changedStateOf(lua_State* L, const char* what) {
  DescribedState& s = stateOf(L);
  if (hostOf(L)->ctx.readOnly) luaL_error(L, "a condition cannot change the game (%s)", what);
  return s;
}

int playerArg(lua_State* L, int arg) {
  DescribedState& s = stateOf(L);
  if (lua_isnoneornil(L, arg)) return hostOf(L)->ctx.subject;
  const lua_Integer p = luaL_checkinteger(L, arg);
  if (p < 1 || p > s.numPlayers()) luaL_error(L, "no player %d (players are 1 to %d)", static_cast<int>(p), s.numPlayers());
  return static_cast<int>(p - 1);
}

int luaCounter(lua_State* L) {
  DescribedState& s = stateOf(L);
  const int c = luaNameArg(L, 1, LuaNames::Counters, "counter");
  lua_pushinteger(L, s.counter(c, playerArg(L, 2)));
  return 1;
}

int luaSetCounter(lua_State* L) {
  DescribedState& s = changedStateOf(L, "set_counter");
  const int c = luaNameArg(L, 1, LuaNames::Counters, "counter");
  const lua_Integer v = luaL_checkinteger(L, 2);
  s.setCounter(c, playerArg(L, 3), static_cast<int>(std::clamp<lua_Integer>(v, -2000000000, 2000000000)));
  return 0;
}

int luaZoneSize(lua_State* L) {
  DescribedState& s = stateOf(L);
  const int z = luaNameArg(L, 1, LuaNames::Zones, "zone");
  lua_pushinteger(L, static_cast<lua_Integer>(s.zone(z, playerArg(L, 2)).size()));
  return 1;
}

int luaSubject(lua_State* L) {
  stateOf(L);
  lua_pushinteger(L, hostOf(L)->ctx.subject + 1);
  return 1;
}
int luaCurrent(lua_State* L) {
  lua_pushinteger(L, stateOf(L).currentPlayer() + 1);
  return 1;
}
int luaPlayers(lua_State* L) {
  lua_pushinteger(L, stateOf(L).numPlayers());
  return 1;
}
int luaTurn(lua_State* L) {
  lua_pushinteger(L, stateOf(L).turnCount());
  return 1;
}
int luaRandom(lua_State* L) {
  stateOf(L);
  if (hostOf(L)->ctx.readOnly) return luaL_error(L, "a condition cannot draw chance (random)");
  const lua_Integer n = luaL_checkinteger(L, 1);
  if (n < 1 || n > 1000000000) luaL_error(L, "random(n) needs n in 1..1000000000");
  lua_pushinteger(L, 1 + sim::uniformInt(*hostOf(L)->ctx.rng, static_cast<int>(n)));
  return 1;
}

// Registry keys of the name tables (their addresses; the values are unused).
constexpr char kNameKeys[3] = {};

const void* nameKey(LuaNames kind) { return &kNameKeys[static_cast<int>(kind)]; }

// Assignments to globals, through the globals table's __newindex (the table
// itself stays empty: every global lives in the table that is its upvalue):
// kept there, except while a condition runs.
int setGlobal(lua_State* L) {
  if (hostOf(L)->ctx.readOnly) {
    const char* name = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "?";
    return luaL_error(L, "a condition cannot change the global '%s'", name);
  }
  lua_rawset(L, lua_upvalueindex(1));
  return 0;
}

// Moves the globals into a table of their own behind an empty globals table
// whose metatable reads them (__index) and guards assignments (setGlobal).
void guardGlobals(lua_State* L) {
  lua_pushglobaltable(L);
  const int globals = lua_gettop(L);
  lua_newtable(L);
  const int store = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, globals) != 0) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, store);  // store[key] = value; the key stays for lua_next
  }
  // Emptied after the walk (lua_next allows clearing fields it has passed, not adding).
  lua_pushnil(L);
  while (lua_next(L, store) != 0) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_pushnil(L);
    lua_rawset(L, globals);
  }
  lua_createtable(L, 0, 2);
  lua_pushvalue(L, store);
  lua_setfield(L, -2, "__index");
  lua_pushvalue(L, store);
  lua_pushcclosure(L, setGlobal, 1);
  lua_setfield(L, -2, "__newindex");
  lua_setmetatable(L, globals);
  lua_settop(L, globals - 1);
}

// A fresh sandboxed interpreter with the program's script loaded and run.
std::unique_ptr<Host> newHost(const md::DescribedProgram& program) {
  auto host = std::make_unique<Host>();
  host->program = &program;
  host->L = lua_newstate(allocate, host.get());
  if (!host->L) {
    host->loadError = program.luaFile + ": error: cannot start the Lua interpreter";
    return host;
  }
  lua_State* L = host->L;
  const luaL_Reg libs[] = {{LUA_GNAME, luaopen_base},
                           {LUA_STRLIBNAME, luaopen_string},
                           {LUA_TABLIBNAME, luaopen_table},
                           {LUA_MATHLIBNAME, luaopen_math},
                           {LUA_UTF8LIBNAME, luaopen_utf8}};
  for (const auto& lib : libs) {
    luaL_requiref(L, lib.name, lib.func, 1);
    lua_pop(L, 1);
  }
  for (const char* name : {"dofile", "loadfile", "load", "require", "print", "collectgarbage"}) {
    lua_pushnil(L);
    lua_setglobal(L, name);
  }
  lua_getglobal(L, LUA_MATHLIBNAME);
  for (const char* name : {"random", "randomseed"}) {
    lua_pushnil(L);
    lua_setfield(L, -2, name);
  }
  lua_pop(L, 1);
  const luaL_Reg api[] = {{"counter", luaCounter}, {"set_counter", luaSetCounter}, {"zone_size", luaZoneSize},
                          {"subject", luaSubject}, {"current", luaCurrent},        {"players", luaPlayers},
                          {"turn", luaTurn},       {"random", luaRandom}};
  for (const auto& f : api) {
    lua_pushcfunction(L, f.func);
    lua_setglobal(L, f.name);
  }
  std::vector<std::string> names;
  for (const md::Counter& c : program.counters) names.push_back(c.id);
  registerLuaNames(L, LuaNames::Counters, names);
  names.clear();
  for (const md::Zone& z : program.zones) names.push_back(z.id);
  registerLuaNames(L, LuaNames::Zones, names);
  if (program.board.present) {
    names.clear();
    for (const md::BoardPiece& piece : program.board.pieces)
      names.push_back(program.cards[static_cast<std::size_t>(piece.card)].id);
    registerLuaNames(L, LuaNames::Pieces, names);
    registerBoardLua(L);
  }
  lua_sethook(L, stepHook, LUA_MASKCOUNT, kHookEvery);
  // Text only ("t"): byte code could break the sandbox.
  // Named "lua" (Lua shortens long file names in messages): luaDiagnostic puts the file back.
  const std::string chunk = "=" + std::string(kChunkName);
  if (luaL_loadbufferx(L, program.luaSource.data(), program.luaSource.size(), chunk.c_str(), "t") != LUA_OK ||
      lua_pcall(L, 0, 0, 0) != LUA_OK) {
    host->loadError = lua_tostring(L, -1) ? lua_tostring(L, -1) : "unknown error";
    lua_pop(L, 1);
  } else {
    guardGlobals(L);
  }
  host->ctx.steps = 0;
  return host;
}

Host& hostFor(const md::DescribedProgram& program) {
  // One interpreter per thread and compiled program (a sweep compiles one
  // program per point: the oldest interpreters are dropped beyond a few).
  thread_local std::unordered_map<std::uint64_t, std::unique_ptr<Host>> hosts;
  auto it = hosts.find(program.serial);
  if (it != hosts.end()) return *it->second;
  if (hosts.size() >= 8) hosts.clear();
  return *hosts.emplace(program.serial, newHost(program)).first->second;
}

// The functions the script defines (the globals behind guardGlobals), for "did you mean".
std::set<std::string, std::less<>> definedFunctions(lua_State* L) {
  std::set<std::string, std::less<>> out;
  const int top = lua_gettop(L);
  lua_pushglobaltable(L);
  if (lua_getmetatable(L, -1) && lua_getfield(L, -1, "__index") == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
      if (lua_type(L, -2) == LUA_TSTRING && lua_isfunction(L, -1) && !lua_iscfunction(L, -1))
        out.insert(lua_tostring(L, -2));
      lua_pop(L, 1);
    }
  }
  lua_settop(L, top);
  return out;
}

}  // namespace

DescribedState& luaCallState(lua_State* L) { return stateOf(L); }
DescribedState& luaChangeState(lua_State* L, const char* what) { return changedStateOf(L, what); }

void registerLuaNames(lua_State* L, LuaNames kind, const std::vector<std::string>& names) {
  lua_createtable(L, 0, static_cast<int>(names.size()));
  // Backwards, so that the first of two equal names wins (as the linear search did).
  for (std::size_t i = names.size(); i-- > 0;) {
    lua_pushinteger(L, static_cast<lua_Integer>(i));
    lua_setfield(L, -2, names[i].c_str());
  }
  lua_rawsetp(L, LUA_REGISTRYINDEX, nameKey(kind));
}

int luaNameArg(lua_State* L, int arg, LuaNames kind, const char* what) {
  const char* name = luaL_checkstring(L, arg);
  lua_rawgetp(L, LUA_REGISTRYINDEX, nameKey(kind));
  lua_pushvalue(L, arg);
  const bool found = lua_rawget(L, -2) == LUA_TNUMBER;
  const lua_Integer index = found ? lua_tointeger(L, -1) : -1;
  lua_pop(L, 2);
  if (!found) return luaL_error(L, "unknown %s '%s'", what, name);
  return static_cast<int>(index);
}
int luaCallSubject(lua_State* L) { return hostOf(L)->ctx.subject; }

model::Diagnostic luaDiagnostic(const md::DescribedProgram& program, const std::string& text) {
  model::Diagnostic d;
  d.where = {program.luaFile, program.luaWhere.line, 0};
  std::string message = text;
  const std::string prefix = std::string(kChunkName) + ":";
  if (message.rfind(prefix, 0) == 0) {
    const std::size_t colon = message.find(':', prefix.size());
    const int line = colon == std::string::npos ? 0 : std::atoi(message.substr(prefix.size(), colon - prefix.size()).c_str());
    if (line > 0) {
      d.where.line = line;
      message = message.substr(colon + 1);
      if (!message.empty() && message.front() == ' ') message.erase(0, 1);
    }
  }
  d.message = "lua: " + message;
  return d;
}

bool checkLuaScript(const md::DescribedProgram& program, model::Diagnostics& out) {
  if (program.luaSource.empty()) return true;
  std::unique_ptr<Host> host = newHost(program);
  if (!host->loadError.empty()) {
    out.add(luaDiagnostic(program, host->loadError));
    return false;
  }
  bool ok = true;
  for (std::size_t i = 0; i < program.luaFunctions.size(); ++i) {
    lua_getglobal(host->L, program.luaFunctions[i].c_str());
    if (!lua_isfunction(host->L, -1)) {
      out.error(program.luaCalls[i], "'call: " + program.luaFunctions[i] + "': the 'lua:' script defines no "
                                     "function '" + program.luaFunctions[i] + "'" +
                                     model::validation::didYouMean(program.luaFunctions[i], definedFunctions(host->L)));
      ok = false;
    }
    lua_pop(host->L, 1);
  }
  return ok;
}

bool callLua(const md::DescribedProgram& program, int function, DescribedState& state, int subject, sim::Rng& rng,
             std::string& error) {
  Host& host = hostFor(program);
  if (!host.loadError.empty()) {
    error = host.loadError;
    return false;
  }
  lua_State* L = host.L;
  // Saved and restored: a condition may be asked while a function runs.
  const CallContext outer = host.ctx;
  host.ctx = {&state, &rng, subject, 0, false};
  lua_getglobal(L, program.luaFunctions[static_cast<std::size_t>(function)].c_str());
  const int status = lua_pcall(L, 0, 0, 0);
  host.ctx = outer;
  if (status == LUA_OK) return true;
  error = lua_tostring(L, -1) ? lua_tostring(L, -1) : "unknown error";
  lua_pop(L, 1);
  lua_settop(L, 0);
  return false;
}

}  // namespace wb::rulesets::described

namespace wb::rulesets::described {

bool testLua(const md::DescribedProgram& program, int function, const DescribedState& state, int subject, int card,
             bool& holds, std::string& error) {
  Host& host = hostFor(program);
  if (!host.loadError.empty()) {
    error = host.loadError;
    return false;
  }
  lua_State* L = host.L;
  const CallContext outer = host.ctx;
  // Read-only (every function that changes the state checks), so the cast never writes.
  host.ctx = {const_cast<DescribedState*>(&state), nullptr, subject, 0, true};
  lua_getglobal(L, program.luaFunctions[static_cast<std::size_t>(function)].c_str());
  if (card >= 0)
    lua_pushstring(L, program.cards[static_cast<std::size_t>(card)].id.c_str());
  else
    lua_pushnil(L);
  const int status = lua_pcall(L, 1, 1, 0);
  host.ctx = outer;
  if (status != LUA_OK) {
    error = lua_tostring(L, -1) ? lua_tostring(L, -1) : "unknown error";
    lua_settop(L, 0);
    return false;
  }
  // false and nil do not hold, nor 0 (as an amount alone); anything else does.
  holds = lua_type(L, -1) == LUA_TNUMBER ? lua_tonumber(L, -1) != 0 : lua_toboolean(L, -1) != 0;
  lua_settop(L, 0);
  return true;
}

}  // namespace wb::rulesets::described
