#include "app/gui/document/effect_commands.h"

#include "app/gui/document/ruleset_document.h"

namespace wb::app {

EffectCommand::EffectCommand(RulesetDocument* document, model::Section section, QString id)
    : m_document(document), m_section(section), m_id(std::move(id)) {}

std::vector<model::Effect>* EffectCommand::effects() {
  model::Entity* e = m_document->rulesetForEdit().entity(m_section, m_id.toStdString());
  return e ? &e->effects : nullptr;
}

void EffectCommand::notify() {
  DocumentChange change;
  change.kind = DocumentChange::Kind::Effects;
  change.section = static_cast<int>(m_section);
  change.entityId = m_id;
  m_document->commandApplied(change);
}

AddEffect::AddEffect(RulesetDocument* document, model::Section section, QString id, model::Effect effect,
                     int index)
    : EffectCommand(document, section, std::move(id)), m_effect(std::move(effect)), m_index(index) {
  setText(QObject::tr("Add effect %1 to %2").arg(QString::fromStdString(m_effect.op), m_id));
}

void AddEffect::redo() {
  if (auto* list = effects()) list->insert(list->begin() + m_index, m_effect);
  notify();
}

void AddEffect::undo() {
  if (auto* list = effects()) list->erase(list->begin() + m_index);
  notify();
}

RemoveEffect::RemoveEffect(RulesetDocument* document, model::Section section, QString id, int index)
    : EffectCommand(document, section, std::move(id)), m_index(index) {
  if (auto* list = effects()) m_effect = (*list)[static_cast<std::size_t>(index)];
  setText(QObject::tr("Remove effect %1 from %2").arg(QString::fromStdString(m_effect.op), m_id));
}

void RemoveEffect::redo() {
  if (auto* list = effects()) list->erase(list->begin() + m_index);
  notify();
}

void RemoveEffect::undo() {
  if (auto* list = effects()) list->insert(list->begin() + m_index, m_effect);
  notify();
}

MoveEffect::MoveEffect(RulesetDocument* document, model::Section section, QString id, int from, int to)
    : EffectCommand(document, section, std::move(id)), m_from(from), m_to(to) {
  setText(QObject::tr("Move effect %1 of %2 to %3").arg(from + 1).arg(m_id).arg(to + 1));
}

void MoveEffect::move(int from, int to) {
  if (auto* list = effects()) {
    model::Effect e = std::move((*list)[static_cast<std::size_t>(from)]);
    list->erase(list->begin() + from);
    list->insert(list->begin() + to, std::move(e));
  }
  notify();
}

void MoveEffect::redo() { move(m_from, m_to); }
void MoveEffect::undo() { move(m_to, m_from); }

EditEffect::EditEffect(RulesetDocument* document, model::Section section, QString id, int index,
                       model::Effect effect)
    : EffectCommand(document, section, std::move(id)), m_new(std::move(effect)), m_index(index) {
  if (auto* list = effects()) m_old = (*list)[static_cast<std::size_t>(index)];
  setText(QObject::tr("Edit effect %1 of %2").arg(QString::fromStdString(m_new.op), m_id));
}

void EditEffect::redo() {
  if (auto* list = effects()) (*list)[static_cast<std::size_t>(m_index)] = m_new;
  notify();
}

void EditEffect::undo() {
  if (auto* list = effects()) (*list)[static_cast<std::size_t>(m_index)] = m_old;
  notify();
}

}  // namespace wb::app
