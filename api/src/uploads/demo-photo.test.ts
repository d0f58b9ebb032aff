import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawDemoPhoto } from './demo-photo';

/** The colour of a picture's top-left corner, away from the plate and the letter. */
async function cornerColour(bytes: Buffer) {
  const { data } = await sharp(bytes)
    .extract({ left: 0, top: 0, width: 4, height: 4 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data.subarray(0, 3)];
}

describe('drawDemoPhoto', () => {
  it('draws a 4:3 JPEG of the photo box for a menu item', async () => {
    const image = await drawDemoPhoto('Doodh Patti', 'menu-photo');
    expect(image).toMatchObject({
      contentType: 'image/jpeg',
      extension: 'jpg',
      width: 400,
      height: 300,
      purpose: 'menu-photo',
    });
    expect(await sharp(image.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 400 });
  });

  it('gives a name the same colour every time, and other names other colours', async () => {
    const tea = await cornerColour((await drawDemoPhoto('Doodh Patti', 'menu-photo')).bytes);
    expect(await cornerColour((await drawDemoPhoto('Doodh Patti', 'menu-photo')).bytes)).toEqual(
      tea,
    );
    const others = await Promise.all(
      ['Aloo Paratha', 'Bun Kebab', 'A4 Notebook', 'Haleem'].map(async (name) =>
        (await cornerColour((await drawDemoPhoto(name, 'mart-photo')).bytes)).join(),
      ),
    );
    expect(new Set([tea.join(), ...others]).size).toBeGreaterThan(1);
  });

  it('draws a name that starts with a character SVG reserves', async () => {
    const image = await drawDemoPhoto('<& Co>', 'mart-photo');
    expect(await sharp(image.bytes).metadata()).toMatchObject({ format: 'jpeg', height: 300 });
  });
});
