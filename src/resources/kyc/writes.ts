/** This folder's writes that are not a plain create, update or delete (src/dataProvider/defineWrite.ts). */
import type { WriteTable } from '../../dataProvider/defineWrite';

export default {} satisfies WriteTable;
