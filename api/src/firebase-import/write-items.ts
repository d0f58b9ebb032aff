import { martItemColumns } from '../mart-items/mart-item-of';
import { menuItemColumns } from '../menu-items/menu-item-of';
import { restaurantColumns } from '../restaurants/restaurant-of';
import * as convert from './documents';
import type { PhotoPlan } from './photos';
import { problem, put, type UniversityTree, type WriteContext } from './write-context';

export async function writeItems(
  ctx: WriteContext,
  tree: UniversityTree,
  parents: { universityId: string; campusId: string },
  campus: UniversityTree['campuses'][number],
) {
  for (const { restaurant, menuItems } of campus.restaurants) {
    const form = convert.restaurantOf(restaurant, parents);
    if (!form.ok) {
      problem(ctx, 'restaurant', restaurant.path, form.reason);
      ctx.report.collections.menuItems.skipped += menuItems.length;
      continue;
    }
    // The contact e-mail is ours (the old system had none): an import never changes it.
    const {
      id: _id,
      contactEmail: _contact,
      ...columns
    } = restaurantColumns({
      ...form.values,
      id: '',
      universityId: parents.universityId,
      campusId: parents.campusId,
      contactEmail: null,
    });
    const { id: restaurantId } = await put(ctx, 'restaurant', restaurant.path, {
      values: columns,
      notes: form.notes,
    });
    for (const item of menuItems) {
      const itemForm = convert.menuItemOf(item, { ...parents, restaurantId });
      if (!itemForm.ok) {
        problem(ctx, 'menu-item', item.path, itemForm.reason);
        continue;
      }
      const photo = tree.photos.get(item.path) ?? { url: null };
      const { id: _itemId, ...values } = menuItemColumns({
        ...itemForm.values,
        id: '',
        restaurantId,
        photoURL: photo.url,
      });
      await putWithPhoto(ctx, 'menu-item', item.path, { values, notes: itemForm.notes }, photo);
    }
  }
  for (const item of campus.martItems) {
    const form = convert.martItemOf(item, parents);
    if (!form.ok) {
      problem(ctx, 'mart-item', item.path, form.reason);
      continue;
    }
    const photo = tree.photos.get(item.path) ?? { url: null };
    const { id: _id, ...values } = martItemColumns({
      ...form.values,
      id: '',
      campusId: parents.campusId,
      photoURL: photo.url,
    });
    await putWithPhoto(ctx, 'mart-item', item.path, { values, notes: form.notes }, photo);
  }
}

async function putWithPhoto(
  ctx: WriteContext,
  kind: 'menu-item' | 'mart-item',
  path: string,
  converted: { values: Record<string, unknown>; notes: string[] },
  photo: PhotoPlan,
) {
  const notes = photo.note ? [...converted.notes, photo.note] : converted.notes;
  const { id } = await put(ctx, kind, path, { values: converted.values, notes });
  const known = ctx.rows.mapping(path);
  if (photo.copiedFrom && known?.photoSourceUrl !== photo.copiedFrom) {
    ctx.report.photosCopied += 1;
    await ctx.rows.remember(ctx.tx, {
      sourcePath: path,
      kind,
      targetId: id,
      photoSourceUrl: photo.copiedFrom,
      photoUrl: photo.url,
    });
  }
}
