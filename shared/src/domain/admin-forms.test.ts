import { describe, expect, it } from 'vitest';
import {
  ADMIN_FORM_MESSAGES,
  createMenuItemSchema,
  formMode,
  parseStock,
  validateCreateUserForm,
  validateMenuItemForm,
  ZCampusForm,
  ZCreateUserForm,
  ZDomainForm,
  ZMartItemForm,
  ZRestaurantForm,
  ZRoleChange,
  ZUniversityForm,
} from './admin-forms';

function messages(result: { error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('required selections', () => {
  it('uses the spec message of each form', () => {
    expect(messages(ZCampusForm.safeParse({ name: 'Main' }))).toEqual([
      'Please select a university',
    ]);
    expect(messages(ZRestaurantForm.safeParse({ universityId: 'u1', name: 'X' }))).toEqual([
      'Please select university and campus',
    ]);
    expect(messages(ZMartItemForm.safeParse({ campusId: 'c1', name: 'X' }))).toEqual([
      'Please select university and campus',
    ]);
    expect(
      messages(
        createMenuItemSchema('superAdmin').safeParse({ universityId: 'u1', campusId: 'c1' }),
      ),
    ).toEqual(['Please select university, campus, and restaurant']);
    expect(messages(ZDomainForm.safeParse({ universityId: 'u1', domain: 'uni.edu' }))).toEqual([
      'Please select a university and campus',
    ]);
  });

  it('asks a campus admin to pick a restaurant first', () => {
    const values = { universityId: 'u1', campusId: 'c1', name: 'Tea', price: '50' };
    expect(validateMenuItemForm(values, 'campusAdmin')).toEqual({
      field: 'restaurantId',
      message: 'Select a restaurant first!',
    });
    expect(messages(createMenuItemSchema('campusAdmin').safeParse(values))).toEqual([
      'Select a restaurant first!',
    ]);
  });
});

describe('university and campus', () => {
  it('needs names and keeps the optional location', () => {
    expect(messages(ZUniversityForm.safeParse({ name: ' ' }))).toEqual([
      'Please enter a university name.',
    ]);
    expect(ZUniversityForm.parse({ name: ' LUMS ' })).toEqual({ id: '', name: 'LUMS' });
    expect(messages(ZCampusForm.safeParse({ universityId: 'u1' }))).toEqual([
      'Please enter a campus name.',
    ]);
    expect(ZCampusForm.parse({ universityId: 'u1', name: 'Main' }).location).toBe('');
  });

  it('takes a campus pay-to account whole or not at all', () => {
    const campus = { universityId: 'u1', name: 'Main' };
    expect(ZCampusForm.safeParse(campus).success).toBe(true);
    const whole = { payToAccountTitle: 'CB', payToBankName: 'HBL', payToAccountNumber: 'PK36' };
    expect(ZCampusForm.parse({ ...campus, ...whole }).payToBankName).toBe('HBL');
    const half = ZCampusForm.safeParse({ ...campus, ...whole, payToBankName: ' ' });
    expect(half.success).toBe(false);
    expect(half.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['payToBankName', ADMIN_FORM_MESSAGES.payToIncomplete],
    ]);
  });

  it('tells add mode from edit mode', () => {
    expect(formMode({ id: '' })).toBe('add');
    expect(formMode({})).toBe('add');
    expect(formMode({ id: 'r1' })).toBe('edit');
  });
});

describe('restaurant', () => {
  const valid = {
    universityId: 'u1',
    campusId: 'c1',
    name: 'Burger Lab',
    location: 'Block A',
    cuisine: 'Fast Food',
    openTime: '09:00 am',
    closeTime: '',
    is24x7: false,
  };

  it('canonicalises times, turns blanks into null and defaults is24x7 to true', () => {
    expect(ZRestaurantForm.parse(valid)).toMatchObject({ openTime: '9:00 AM', closeTime: null });
    expect(ZRestaurantForm.parse({ ...valid, is24x7: undefined }).is24x7).toBe(true);
  });

  it('keeps the round capacity optional, as a whole number', () => {
    expect(ZRestaurantForm.parse(valid).roundCapacity).toBeNull();
    expect(ZRestaurantForm.parse({ ...valid, roundCapacity: ' 25 ' }).roundCapacity).toBe(25);
    expect(ZRestaurantForm.parse({ ...valid, roundCapacity: '500' }).roundCapacity).toBe(500);
  });

  it('keeps the contact e-mail optional and stores it in lower case', () => {
    expect(ZRestaurantForm.parse(valid).contactEmail).toBeNull();
    expect(ZRestaurantForm.parse({ ...valid, contactEmail: '  ' }).contactEmail).toBeNull();
    expect(
      ZRestaurantForm.parse({ ...valid, contactEmail: ' Orders@Burger.PK ' }).contactEmail,
    ).toBe('orders@burger.pk');
  });

  it.each([
    [{ name: '' }, 'Please enter a restaurant name.'],
    [{ name: 'Mart' }, 'A restaurant cannot be named Mart; that name is kept for mart items.'],
    [{ location: '' }, 'Please enter a location.'],
    [{ cuisine: '' }, 'Please enter a cuisine.'],
    [{ openTime: '25:00 PM' }, 'Opening time must look like 10:00 AM.'],
    [{ closeTime: '10:00' }, 'Closing time must look like 10:00 PM.'],
    [{ closeTime: '10:60 PM' }, 'Closing time must look like 10:00 PM.'],
    [{ contactEmail: 'orders at burger' }, 'Please enter a valid contact e-mail.'],
    ...['0', '501', '2.5', 'ten', '-3'].map((roundCapacity): [object, string] => [
      { roundCapacity },
      ADMIN_FORM_MESSAGES.roundCapacityInvalid,
    ]),
  ])('with %j says %s', (change, message) => {
    expect(messages(ZRestaurantForm.safeParse({ ...valid, ...change }))).toEqual([message]);
  });
});

describe('menu and mart items', () => {
  it('parses the price as a decimal into paisa', () => {
    const values = { universityId: 'u1', campusId: 'c1', restaurantId: 'r1', name: 'Tea' };
    expect(createMenuItemSchema('superAdmin').parse({ ...values, price: '12.5' }).price).toBe(1250);
    expect(createMenuItemSchema('superAdmin').parse({ ...values, price: 40 }).price).toBe(4000);
    expect(
      messages(createMenuItemSchema('superAdmin').safeParse({ ...values, price: '' })),
    ).toEqual(['Please enter a price.']);
    expect(
      messages(createMenuItemSchema('superAdmin').safeParse({ ...values, price: '1.234' })),
    ).toEqual(['Price must be an amount in rupees with at most 2 decimals, like 12.50.']);
    expect(
      messages(createMenuItemSchema('superAdmin').safeParse({ ...values, price: '-5' })),
    ).toEqual(['Price must be an amount in rupees with at most 2 decimals, like 12.50.']);
    expect(createMenuItemSchema('superAdmin').parse({ ...values, price: '100000' }).price).toBe(
      10_000_000,
    );
    expect(
      messages(createMenuItemSchema('superAdmin').safeParse({ ...values, price: '100000.01' })),
    ).toEqual(['Price must be at most Rs 100,000.00.']);
  });

  it('parses mart stock as an integer', () => {
    const values = {
      universityId: 'u1',
      campusId: 'c1',
      name: 'Water',
      price: '60',
      category: 'Drinks',
    };
    expect(ZMartItemForm.parse({ ...values, stock: '12' })).toMatchObject({
      price: 6000,
      stock: 12,
    });
    expect(messages(ZMartItemForm.safeParse({ ...values, stock: '' }))).toEqual([
      'Please enter the stock.',
    ]);
    for (const stock of ['1.5', '-1', '1000001', 1e21]) {
      expect(messages(ZMartItemForm.safeParse({ ...values, stock })), String(stock)).toEqual([
        'Stock must be a whole number from 0 to 1,000,000.',
      ]);
    }
    expect(ZMartItemForm.parse({ ...values, stock: '1000000' })).toMatchObject({
      stock: 1_000_000,
    });
    expect(messages(ZMartItemForm.safeParse({ ...values, category: '', stock: 1 }))).toEqual([
      'Please enter a category.',
    ]);
  });

  it.each([
    ['0', 0],
    [' 12 ', 12],
    [7, 7],
    ['-1', null],
    [-1, null],
    ['1e3', null],
    [2.5, null],
    ['', null],
  ])('parseStock(%j) is %j', (input, stock) => {
    expect(parseStock(input)).toBe(stock);
  });
});

describe('allowed domain', () => {
  const valid = { universityId: 'u1', campusId: 'c1', name: 'Students' };

  it('stores the domain in lower case with a leading @', () => {
    expect(ZDomainForm.parse({ ...valid, domain: 'LUMS.edu.pk' }).domain).toBe('@lums.edu.pk');
    expect(ZDomainForm.parse({ ...valid, domain: '@lums.edu.pk' }).domain).toBe('@lums.edu.pk');
  });

  it('needs a name and a plausible domain', () => {
    expect(messages(ZDomainForm.safeParse({ ...valid, name: '', domain: 'a.edu' }))).toEqual([
      'Please enter a name for this domain.',
    ]);
    expect(messages(ZDomainForm.safeParse({ ...valid, domain: '' }))).toEqual([
      'Please enter a domain.',
    ]);
    expect(messages(ZDomainForm.safeParse({ ...valid, domain: 'lums' }))).toEqual([
      'Domain must look like @university.edu.pk.',
    ]);
  });
});

describe('user creation and roles', () => {
  const valid = {
    firstName: 'Sara',
    lastName: 'Ahmed',
    email: 'Sara@Uni.edu.pk',
    password: 'secret1',
    universityId: 'u1',
    campusId: 'c1',
  };

  it('defaults the role to campusAdmin', () => {
    expect(ZCreateUserForm.parse(valid)).toMatchObject({
      role: 'campusAdmin',
      email: 'sara@uni.edu.pk',
    });
    expect(ZCreateUserForm.parse({ ...valid, role: 'superAdmin' }).role).toBe('superAdmin');
  });

  it.each([
    [{ firstName: '' }, 'Please enter your first name.'],
    [{ lastName: '' }, 'Please enter your last name.'],
    [{ email: '' }, 'Please enter your email address.'],
    [{ email: 'sara' }, 'Please enter a valid email address.'],
    [{ password: '' }, 'Please enter your password.'],
    [{ password: '12345' }, 'Password must be at least 6 characters long.'],
    [{ role: 'owner' }, 'Role must be user, campusAdmin or superAdmin.'],
    [{ campusId: '' }, 'Please select a university and campus'],
  ])('with %j says %s', (change, message) => {
    expect(validateCreateUserForm({ ...valid, ...change })?.message).toBe(message);
    expect(messages(ZCreateUserForm.safeParse({ ...valid, ...change }))).toEqual([message]);
  });

  it('accepts only the three roles in the role selector', () => {
    expect(ZRoleChange.parse({ role: 'user' })).toEqual({ role: 'user' });
    expect(messages(ZRoleChange.safeParse({ role: 'root' }))).toEqual([
      'Role must be user, campusAdmin or superAdmin.',
    ]);
  });
});
