/**
 * Which shop's agents the shop agents screen lists: the shop is the list's `shop_id` filter, in
 * the address with the page, and is chosen with the picker.
 */
import { Autocomplete, TextField } from '@mui/material';
import { useGetList, useListContext, useTranslate, type SortPayload } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { AGENT_PAGE_SIZE, type Agent } from '../../../contract/agents';
import type { Store } from '../../../contract/stores';
import { LoadError } from '../../lists/LoadError';
import { SHOP_ALL_PER_PAGE } from './listKinds';
import { useShopListError } from './ShopList';

/** The shop a list address or a filter names, if it names one. */
export const shopIdOf = (value: unknown) => {
    const id = Number(value);
    return Number.isInteger(id) && id > 0 ? id : null;
};

/** The list's own order until a column header asks another: by first name, as the call sorts. */
export const BY_FIRST_NAME: SortPayload = { field: 'first_name', order: 'ASC' };

/**
 * A link from the shop list (`shop/agent?shop=3`) chooses that shop: its address becomes the list's
 * own, with the shop as the filter from page 1 (the page size and order kept when another is chosen).
 */
export const listAddressOf = (shopId: number | null, perPage = AGENT_PAGE_SIZE, sort: SortPayload = BY_FIRST_NAME) =>
    `?${new URLSearchParams({
        filter: JSON.stringify(shopId === null ? {} : { shop_id: shopId }),
        page: '1',
        perPage: String(perPage),
        sort: sort.field,
        order: sort.order,
    })}`;

/**
 * The shop picker. The shop is the list's `shop_id` filter, in the address with the page: choosing
 * another goes to that shop's list address at page 1 (the page size kept), in the same event, so
 * the previous shop's agents are gone at once (react-admin's setFilters would wait a tick).
 */
export const ShopPicker = () => {
    const translate = useTranslate();
    const shopListError = useShopListError();
    const navigate = useNavigate();
    const { filterValues, perPage, sort } = useListContext<Agent>();
    const shops = useGetList<Store>('shop', { pagination: { page: 1, perPage: SHOP_ALL_PER_PAGE } }, { retry: false });
    const shopId = shopIdOf(filterValues.shop_id);
    const shop = shops.data?.find(candidate => candidate.id === shopId) ?? null;
    if (shops.error) return <LoadError message={shopListError(shops.error)} onRetry={() => void shops.refetch()} />;
    return (
        <Autocomplete<Store>
            options={shops.data ?? []}
            loading={shops.isPending}
            value={shop}
            onChange={(_event, chosen) => void navigate(listAddressOf(chosen?.id ?? null, perPage, sort))}
            getOptionLabel={option => option.name}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            renderInput={params => <TextField {...params} label={translate('shops.shop')} />}
            sx={{ maxWidth: 480 }}
        />
    );
};
