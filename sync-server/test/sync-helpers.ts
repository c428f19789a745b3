import { randomUUID } from 'node:crypto';
import type { Mutation, PatchOp, PullResponse, PushResponse } from '@smb/shared-types';
import { bearer, type TestApp } from './helpers';

/** One simulated device: a client id, its mutation counter and the state it has pulled. */
export class TestClient {
  readonly clientGroupId = randomUUID();
  readonly clientId = randomUUID();
  nextId = 1;
  cursor: string | null = null;
  readonly rows = new Map<string, Record<string, unknown>>();
  /** Sent with every push and pull when set (absent: an unversioned client, protocol 1). */
  protocolVersion: number | undefined;
  /** Sent with every push when set. */
  deviceName: string | undefined;

  constructor(
    /** The server it talks to (a test may switch it to another instance). */
    public t: Pick<TestApp, 'app'>,
    public token: string,
  ) {}

  mutation(name: Mutation['name'], args: Record<string, unknown>): Mutation {
    return { id: this.nextId++, name, args };
  }

  async push(mutations: Mutation[]): Promise<{ status: number; body: PushResponse }> {
    const res = await this.t.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(this.token),
      payload: {
        clientGroupId: this.clientGroupId,
        clientId: this.clientId,
        mutations,
        ...this.extra(),
        ...(this.deviceName !== undefined ? { deviceName: this.deviceName } : {}),
      },
    });
    return { status: res.statusCode, body: res.json() };
  }

  private extra() {
    return this.protocolVersion !== undefined ? { protocolVersion: this.protocolVersion } : {};
  }

  async pullOnce(cursor = this.cursor): Promise<PullResponse> {
    const res = await this.t.app.inject({
      method: 'POST',
      url: '/api/sync/pull',
      headers: bearer(this.token),
      payload: {
        clientGroupId: this.clientGroupId,
        clientId: this.clientId,
        cursor,
        ...this.extra(),
      },
    });
    if (res.statusCode !== 200) throw new Error(`pull failed: ${res.body}`);
    return res.json();
  }

  /** Pulls until the server has nothing more, applying every page to `rows`. */
  async pull(): Promise<PullResponse[]> {
    const pages: PullResponse[] = [];
    for (;;) {
      const page = await this.pullOnce();
      if (page.clear) this.rows.clear();
      applyPatch(this.rows, page.patch);
      this.cursor = page.cursor;
      pages.push(page);
      if (!page.hasMore) return pages;
    }
  }

  get(entity: string, id: string) {
    return this.rows.get(`${entity}/${id}`);
  }
}

export function applyPatch(rows: Map<string, Record<string, unknown>>, patch: PatchOp[]) {
  for (const op of patch) {
    const key = `${op.entity}/${op.id}`;
    if (op.op === 'put') rows.set(key, op.value);
    else rows.delete(key);
  }
}

export const customerArgs = (overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  name: 'Globex',
  email: 'info@globex.test',
  phoneNumber: '555-0100',
  address: '1 Main St',
  address2: null,
  mainContact: {
    id: randomUUID(),
    name: 'Hank Scorpio',
    email: 'hank@globex.test',
    phoneNumber: null,
  },
  ...overrides,
});
