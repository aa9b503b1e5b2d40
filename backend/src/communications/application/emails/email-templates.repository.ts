import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql, type Selectable } from 'kysely';
import { DB, type Db } from '../../../platform/database/database.js';
import type { EmailTemplatesTable, EmailTemplateVersionsTable } from '../../../platform/database/schema.js';
import type { ListParams } from '../../../platform/query/list-params.js';
import { countOf, direction, idsOrNone, inRange, likePattern, sortable } from '../../../platform/query/list-query.js';
import { SHIPPED_TEMPLATES } from '../../domain/shipped-templates.js';

export type TemplateFields = { name: string; event: string; subject: string; html: string; text: string; active: boolean };
export type TemplateListFilter = { q?: string; event?: string; active?: boolean; ids?: string[] };

export const TEMPLATE_SORT = sortable({
  id: 'id',
  name: 'name',
  event: 'event',
  active: 'active',
  version: 'version',
  updatedAt: 'updated_at',
});

const iso = (v: Date | string) => new Date(v).toISOString();

export const templateView = (r: Selectable<EmailTemplatesTable>) => ({
  id: r.id,
  name: r.name,
  event: r.event,
  subject: r.subject,
  html: r.html,
  text: r.text,
  active: r.active,
  version: r.version,
  shipped: r.shipped_key !== null,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  updatedBy: r.updated_by,
});
export type EmailTemplateView = ReturnType<typeof templateView>;

export const templateVersionView = (r: Selectable<EmailTemplateVersionsTable>) => ({
  templateId: r.template_id,
  version: r.version,
  name: r.name,
  event: r.event,
  subject: r.subject,
  html: r.html,
  text: r.text,
  active: r.active,
  madeBy: r.made_by,
  madeAt: iso(r.made_at),
});

/**
 * Email templates and their versions. Saving writes the template's next version (and its row in the append-only
 * history) in one transaction; a template saved active deactivates the event's other templates there too, so each
 * event has at most one active template (a unique index holds the rule).
 */
@Injectable()
export class EmailTemplatesRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  async list(filter: TemplateListFilter, sort: ListParams['sort'], range: ListParams['range']) {
    let query = this.db.selectFrom('email_templates');
    if (filter.event) query = query.where('event', '=', filter.event);
    if (filter.active !== undefined) query = query.where('active', '=', filter.active);
    if (filter.ids) query = query.where('id', 'in', idsOrNone(filter.ids));
    if (filter.q) {
      const like = likePattern(filter.q);
      query = query.where((eb) => eb.or([eb('name', 'ilike', like), eb('subject', 'ilike', like)]));
    }
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy(TEMPLATE_SORT.orderBy(sort)).orderBy('id', direction(sort)).$call(inRange(range)).execute(),
      countOf(this.db, query),
    ]);
    return { rows: rows.map(templateView), total };
  }

  async find(id: string) {
    return this.db.selectFrom('email_templates').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async versions(id: string) {
    const rows = await this.db
      .selectFrom('email_template_versions')
      .selectAll()
      .where('template_id', '=', id)
      .orderBy('version', 'desc')
      .execute();
    return rows.map(templateVersionView);
  }

  /** The event's active template, if staff left one active. */
  async activeFor(event: string) {
    return this.db.selectFrom('email_templates').selectAll().where('event', '=', event).where('active', '=', true).executeTakeFirst();
  }

  async create(fields: TemplateFields, by: string, shippedKey: string | null = null) {
    const id = randomUUID();
    return this.db.transaction().execute(async (trx) => {
      if (fields.active)
        await trx
          .updateTable('email_templates')
          .set({ active: false, updated_at: sql<Date>`now()` })
          .where('event', '=', fields.event)
          .where('active', '=', true)
          .execute();
      const row = await trx
        .insertInto('email_templates')
        .values({ id, ...fields, version: 1, shipped_key: shippedKey, updated_by: by })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('email_template_versions')
        .values({ template_id: id, version: 1, ...fields, made_by: by })
        .execute();
      return row;
    });
  }

  /** The next version, or the row as it is when nothing changed; undefined when there is no such template. */
  async update(id: string, fields: TemplateFields, by: string) {
    return this.db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('email_templates').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!current) return undefined;
      const unchanged = (Object.keys(fields) as (keyof TemplateFields)[]).every((k) => current[k] === fields[k]);
      if (unchanged) return current;
      if (fields.active) {
        await trx
          .updateTable('email_templates')
          .set({ active: false, updated_at: sql<Date>`now()` })
          .where('event', '=', fields.event)
          .where('active', '=', true)
          .where('id', '<>', id)
          .execute();
      }
      const version = current.version + 1;
      const row = await trx
        .updateTable('email_templates')
        .set({ ...fields, version, updated_by: by, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('email_template_versions')
        .values({ template_id: id, version, ...fields, made_by: by })
        .execute();
      return row;
    });
  }

  /**
   * Seeds each shipped template not seeded before, active unless staff already made another template of its
   * event active. Runs at every start; a unique key per shipped template makes concurrent starts seed once.
   */
  async seedShipped(): Promise<void> {
    const seeded = new Set(
      (await this.db.selectFrom('email_templates').select('shipped_key').where('shipped_key', 'is not', null).execute()).map(
        (r) => r.shipped_key,
      ),
    );
    for (const shipped of SHIPPED_TEMPLATES.filter((t) => !seeded.has(t.key))) {
      const active = !(await this.activeFor(shipped.event));
      try {
        await this.create(
          { name: shipped.name, event: shipped.event, subject: shipped.subject, html: shipped.html, text: shipped.text, active },
          'system',
          shipped.key,
        );
      } catch (error) {
        // Another process seeded it (or made one active) at the same moment: what it wrote stands.
        if ((error as { code?: string }).code !== '23505') throw error;
      }
    }
  }
}
