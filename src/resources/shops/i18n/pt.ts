import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The shop screens' words and their menu entries', in Portuguese: found by their place and merged
 * into the app part (src/i18n/mergeCatalogs.ts).
 */
const pt = {
    menu: {
        shop: 'Loja',
        shop_agents: 'Agentes da loja',
    },
    shops: {
        title: 'Lojas',
        agents_title: 'Agentes da loja',
        page_size: 'Lojas por página',
        all: 'Todas',
        count: '%{smart_count} loja |||| %{smart_count} lojas',
        shown: '%{from}–%{to} de %{count}',
        go_first: 'Primeira página',
        go_last: 'Última página',
        go_next: 'Página seguinte',
        go_previous: 'Página anterior',
        shop: 'Loja',
        all_shops: 'Todas as lojas',
        no_shop_selected: 'Nenhuma loja selecionada',
        agents_count: '%{smart_count} agente |||| %{smart_count} agentes',
        fetch_agents_failed: 'Falha ao obter os agentes. Tente novamente mais tarde.',
        transfer_failed: 'Falha ao transferir o agente. Tente novamente mais tarde.',
        transfer: 'Transferir',
        transfer_of: 'Transferir %{name}',
        transfer_title: 'Transferir %{name}',
        transfer_help: '%{name} trabalha agora em %{store}. Escolha a loja para onde o mudar.',
        transfer_to: 'Mudar para a loja',
        no_other_store: 'Não há outra loja para onde mudar este agente.',
        confirm_title: 'Transferir este agente?',
        confirm_content: '%{name} passa de %{from} para %{to}.',
        transferred: '%{name} trabalha agora em %{store}',
    },
} satisfies TranslationOf<typeof en>;

export default pt;
