import type { Answer } from '@lending/web-common/api';

/** The API's answers, from the generated OpenAPI types (npm run api-types). */
export type LeadDetail = Answer<'/api/admin/leads/{id}', 'get'>;
export type LeadHistoryEntry = LeadDetail['history'][number];
export type LeadNote = LeadDetail['notes'][number];
export type LeadAgent = Answer<'/api/admin/lead-agents', 'get'>[number];
export type LeadStatusCounts = Answer<'/api/admin/lead-status', 'get'>;
