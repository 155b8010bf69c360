/**
 * One line per stored message, for the memory lists (plain text, never HTML). Roles stay as the API spells them;
 * the rest is worded by the page's `advisors` catalog.
 */
import type { TFunction } from 'i18next';
import type { Message } from '../../engine';

export function describeStoredMessage(message: Message, t: TFunction<'advisors'>): string {
  switch (message.role) {
    case 'system':
      return `system: ${short(message.content)}`;
    case 'user':
      return `user: ${short(message.content)}`;
    case 'assistant':
      return message.toolCalls.length > 0
        ? t('stored.toolCalls', { calls: message.toolCalls.map((c) => `${c.name} ${c.id}`).join(', ') })
        : `assistant: ${short(message.content)}`;
    case 'tool':
      return `tool ${message.name} (${message.toolCallId}): ${short(message.content)}`;
    default:
      return 'message';
  }
}

function short(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 90 ? `${flat.slice(0, 89)}…` : flat;
}
