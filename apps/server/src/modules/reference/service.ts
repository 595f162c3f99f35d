import { UNIVERSITY_SEARCH_LIMIT, normalizeSearchText, type University } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import * as repo from './repo';

/** Reference data of the order form; the orders module reads work types and systems from here too. */
export class ReferenceService {
  constructor(private readonly db: Kysely<DB>) {}

  workTypes() {
    return repo.listWorkTypes(this.db);
  }

  orderPackets() {
    return repo.listOrderPackets(this.db);
  }

  subjects() {
    return repo.listSubjects(this.db);
  }

  verificationSystems() {
    return repo.listVerificationSystems(this.db);
  }

  /** Case- and ё/е-insensitive: the query is normalised the way the stored keys were. */
  searchUniversities(q: string): Promise<University[]> {
    return repo.searchUniversities(this.db, normalizeSearchText(q), UNIVERSITY_SEARCH_LIMIT);
  }
}
