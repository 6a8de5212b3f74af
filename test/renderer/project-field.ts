// A header field of the quotation that exists only in the test of a new
// field (new-field.test.ts): declared as anyone would declare one in
// shared/fields/quotation.ts, a plain text that syncs, shows on the document
// and on a sent quotation. It is added to the table through the one seam the
// table offers for this (shared/fields/table.ts, addFieldForTest), before
// anything that derives from the table is imported: import this first.
import { addFieldForTest } from '../../shared/fields/table';
import { QUOTATION_TABLE } from '../../shared/fields/quotation';
import { text } from '../../shared/fields/builders';

export const PROJECT_FIELD = 'projectname';

addFieldForTest(QUOTATION_TABLE, PROJECT_FIELD, text({ max: 60, label: 'editor.projectname', layout: 15, document: 'document.projectname', sent: 'line' }));
