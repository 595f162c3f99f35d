import { staffRoleTitles, type Actor as ShownActor } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { ActorRoleName, DB } from '../../../db/types';
import { customerFioOf, staffByIds } from './repo';

/**
 * Who the workspace shows as having done something. Customers see staff by display name only
 * («Менеджер Ольга», «Автор Иван К.») and themselves as «Вы»; staff see the customer by first
 * name. Never an e-mail or a phone.
 */

/** Whose view: the customer's own workspace, or a manager's or author's. */
export type Face = 'customer' | 'staff';

export const CUSTOMER_FALLBACK_NAME = 'Заказчик';
export const SYSTEM_NAME = 'Сервис';

/** The first word of the customer's full name, or «Заказчик». */
export function firstName(fio: string): string {
  const words = fio.trim().split(/\s+/).filter(Boolean);
  // «Фамилия Имя Отчество» is how a full name is written in Russian: with three words the name is
  // the second. With one or two there is no telling the order, and the first is taken.
  return (words.length >= 3 ? words[1] : words[0]) ?? CUSTOMER_FALLBACK_NAME;
}

export interface Namer {
  /** The actor as shown; `staffId` names the staff member of a manager or performer row. */
  actor(role: ActorRoleName, staffId: number | null): ShownActor;
  /** A staff member's role by id (their rows say who uploaded a file). */
  staffRole(staffId: number): 'manager' | 'performer' | undefined;
  /** A staff member's own display name («Иван К.»), without the role. */
  staffName(staffId: number): string | undefined;
}

/** Reads the names needed to show the given staff members and the order's customer. */
export async function namerFor(
  db: Kysely<DB>,
  orderId: number,
  face: Face,
  staffIds: Iterable<number | null>,
  /** The customer's full name when the caller has read it already (staff's face only). */
  customerFio?: string | null,
): Promise<Namer> {
  const ids = [...new Set([...staffIds].filter((id): id is number => id !== null))];
  const staff = ids.length ? await staffByIds(db, ids) : [];
  const byId = new Map(staff.map((s) => [s.id, s]));
  let customer = 'Вы';
  if (face === 'staff') {
    const fio = customerFio !== undefined ? customerFio : await customerFioOf(db, orderId);
    customer = firstName(fio ?? '');
  }
  return {
    actor(role, staffId) {
      if (role === 'customer') return { role, name: customer };
      if (role === 'system') return { role, name: SYSTEM_NAME };
      const person = staffId === null ? undefined : byId.get(staffId);
      return { role, name: person ? `${staffRoleTitles[role]} ${person.name}` : staffRoleTitles[role] };
    },
    staffRole(staffId) {
      return byId.get(staffId)?.role;
    },
    staffName(staffId) {
      return byId.get(staffId)?.name;
    },
  };
}
